import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_ASSERTION_HEADER,
  createAssertionSigner,
  createAssertionVerifier,
  generateIdentityKeys,
  sessionHash,
  type AssertedMember,
  type AssertionSigner,
} from '../../../src/shared/member-assertion';
import { sql } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { createTestContext, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import type { LegacyClient, LegacyUser } from './client';

/**
 * The new backend beside a PHP service (a fake LegacyClient): members it vouches for through the BFF's identity bridge
 * are learnt under their PHP ids, the members they meet are learnt as them, and a member without a password here logs
 * in once through it. The PHP service speaks the specification: its users carry no e-mail address.
 */

const JAN: LegacyUser = {
  id: 900_001,
  status: 'active',
  language: 'nl',
  signup_date: '2024-03-01T09:00:00.000Z',
  profile: { name: 'Jan', country: 'NL' },
};
const PASSWORDS = new Map([['jan@php.test', 'jan-php-password']]);
const OTHERS = new Map([[900_003, { id: 900_003, name: 'Klaas', country: 'BE', about: 'Antwerp.', gender: 'male' as const }]]);

const calls = { login: 0, profile: [] as Array<{ id: number; cookie: string }> };
let down = false;
const client: LegacyClient = {
  async login(email, password) {
    calls.login += 1;
    if (down) throw new AppError(503, 'legacy_unavailable');
    // As the specification's PHP answers a login: the user, with no address of its own.
    return PASSWORDS.get(email) === password && email === 'jan@php.test' ? JAN : null;
  },
  async profile(id, cookie) {
    calls.profile.push({ id, cookie });
    return OTHERS.get(id) ?? null;
  },
};

let ctx: TestContext;
let signer: AssertionSigner;
/** A signer whose key the backend does not hold (an attacker's, or a BACKEND_SECRET-holder's). */
let stranger: AssertionSigner;
beforeAll(async () => {
  const keys = await generateIdentityKeys('test');
  signer = await createAssertionSigner(keys.privateJwk);
  stranger = await createAssertionSigner((await generateIdentityKeys('test')).privateJwk);
  ctx = await createTestContext({
    members: 3,
    legacy: { client, cookieName: 'PHPSESSID', verifier: createAssertionVerifier(keys.publicKeys, 'embedded') },
  });
});
afterAll(() => ctx?.close());

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

/** The assertion the BFF makes for one request of a member whose PHP session is `phpSession`. */
async function assertion(
  method: string,
  path: string,
  rid: string,
  phpSession: string,
  member: AssertedMember = JAN,
  opts: { by?: AssertionSigner; audience?: string; sxp?: number } = {},
) {
  return (opts.by ?? signer).sign({
    audience: opts.audience ?? 'embedded',
    request: { method, path, requestId: rid },
    sid: sessionHash(phpSession),
    sxp: opts.sxp ?? inSeconds(20),
    member,
  });
}

/** A request as the BFF sends it for a member whose PHP session is `phpSession`: the cookie, the request id, the assertion. */
async function bridged(
  method: 'get' | 'post' | 'put',
  path: string,
  phpSession: string,
  member: AssertedMember = JAN,
  opts: { by?: AssertionSigner; audience?: string; sxp?: number; body?: object } = {},
): Promise<request.Response> {
  const rid = randomUUID();
  const value = await assertion(method.toUpperCase(), path, rid, phpSession, member, opts);
  const call = request(ctx.app)
    [method](path)
    .set('cookie', `PHPSESSID=${phpSession}`)
    .set('x-request-id', rid)
    .set('x-backend-secret', TEST_BACKEND_SECRET)
    .set(MEMBER_ASSERTION_HEADER, value);
  return opts.body ? call.send(opts.body) : call;
}

describe('members learnt from the PHP service', () => {
  it('When the bridge vouches for a PHP member, then he is learnt under his PHP id without an address and answered as himself, in one session row', async () => {
    const res = await bridged('get', '/api/user.php', 'php-session-1');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: JAN.id, language: 'nl', profile: { name: 'Jan', country: 'NL' } });
    // The specification's PHP gives no address: he has none here until he logs in here or the import brings it.
    expect(res.body.user.email).toBeUndefined();
    const [row] = await ctx.db.query<{ origin: string; password_hash: string }>(
      sql`SELECT origin, password_hash FROM users WHERE id = ${JAN.id}`,
    );
    expect(row).toEqual({ origin: 'legacy', password_hash: '' });
    expect((await bridged('get', '/api/likes.php', 'php-session-1')).status).toBe(200);
    const sessions = await ctx.db.query(sql`SELECT id FROM sessions WHERE user_id = ${JAN.id}`);
    expect(sessions).toHaveLength(1);
  });

  it('When the assertion is signed by another key, made for another backend, copied to another request, names another cookie or is sent twice, then there is no member: 403', async () => {
    const forged = await bridged('get', '/api/likes.php', 'php-session-2', JAN, { by: stranger });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('authentication_required');
    expect((await bridged('get', '/api/likes.php', 'php-session-2', JAN, { audience: 'other' })).status).toBe(403);
    // Made for likes.php, presented on chats.php.
    const rid = randomUUID();
    const forLikes = await assertion('GET', '/api/likes.php', rid, 'php-session-2');
    const moved = await request(ctx.app)
      .get('/api/chats.php')
      .set('cookie', 'PHPSESSID=php-session-2')
      .set('x-request-id', rid)
      .set(MEMBER_ASSERTION_HEADER, forLikes);
    expect(moved.status).toBe(403);
    const otherCookie = await request(ctx.app)
      .get('/api/likes.php')
      .set('cookie', 'PHPSESSID=someone-else')
      .set('x-request-id', rid)
      .set(MEMBER_ASSERTION_HEADER, forLikes);
    expect(otherCookie.status).toBe(403);
    // Accepted once; the same assertion again (a replay within its 30 s) is refused.
    const send = () =>
      request(ctx.app)
        .get('/api/likes.php')
        .set('cookie', 'PHPSESSID=php-session-2')
        .set('x-request-id', rid)
        .set(MEMBER_ASSERTION_HEADER, forLikes);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(403);
  });

  it('When the BFF vouches for the session a short while, then the bridged session ends here by that time, and a later assertion renews it', async () => {
    const left = async () =>
      (
        await ctx.db.query<{ left: number }>(
          sql`SELECT extract(epoch FROM expires_at - now())::float AS left FROM sessions WHERE user_id = ${JAN.id} ORDER BY created_at DESC LIMIT 1`,
        )
      )[0]!.left;
    expect((await bridged('get', '/api/likes.php', 'php-session-short', JAN, { sxp: inSeconds(2) })).status).toBe(200);
    expect(await left()).toBeLessThanOrEqual(2);
    expect((await bridged('get', '/api/likes.php', 'php-session-short', JAN, { sxp: inSeconds(60) })).status).toBe(200);
    expect(await left()).toBeGreaterThan(50);
    // Never longer than the most a bridged session lives here, whatever an assertion says.
    expect((await bridged('get', '/api/likes.php', 'php-session-short', JAN, { sxp: inSeconds(3600) })).status).toBe(200);
    expect(await left()).toBeLessThanOrEqual(300);
  });

  it('When a PHP id belongs to a member who signed up here, or lies beyond the ids taken over, then he is not taken over: 403, his row unchanged, and the next signup works', async () => {
    const [local] = await ctx.db.query<{ id: number; email: string }>(
      sql`SELECT id, email FROM users WHERE origin = 'local' ORDER BY id LIMIT 1`,
    );
    const impostor = { ...JAN, id: local!.id, email: 'impostor@php.test' };
    const res = await bridged('get', '/api/user.php', 'php-session-3', impostor);
    expect(res.status).toBe(403);
    const [after] = await ctx.db.query<{ email: string; origin: string }>(sql`SELECT email, origin FROM users WHERE id = ${local!.id}`);
    expect(after).toEqual({ email: local!.email, origin: 'local' });

    const last = { ...JAN, id: 2_147_483_647 };
    expect((await bridged('get', '/api/user.php', 'php-session-4', last)).status).toBe(403);
    expect(await ctx.db.query(sql`SELECT id FROM users WHERE id = 2147483647`)).toEqual([]);
    const signup = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email: `after-${randomUUID()}@example.test`, password: 'correct-horse', name: 'After', date_of_birth: '1990-05-17' });
    expect(signup.status).toBe(200);
  });

  it('When an address, a language or a profile name was changed here, then a new PHP session saying otherwise leaves them as they are, and refreshes what was never changed here', async () => {
    const withAddress = { ...JAN, email: 'jan@php.test' };
    expect((await bridged('get', '/api/user.php', 'php-session-5', withAddress)).status).toBe(200);
    expect((await bridged('put', '/api/user.php', 'php-session-5', withAddress, { body: { language: 'de' } })).status).toBe(200);
    // His address and name changed here (as the account's address change and the profile editor write them).
    await ctx.db.query(sql`UPDATE users SET email = 'jan.new@example.test' WHERE id = ${JAN.id}`);
    await ctx.db.query(sql`UPDATE profiles SET name = 'Jan-Willem' WHERE user_id = ${JAN.id}`);
    const [marked] = await ctx.db.query<{ changed_here: string[] }>(sql`SELECT changed_here FROM users WHERE id = ${JAN.id}`);
    expect(marked!.changed_here).toEqual(['email', 'language']);

    // A new PHP session: the PHP service still says the old address, Dutch, "Jan", and now another country.
    const res = await bridged('get', '/api/user.php', 'php-session-6', { ...withAddress, profile: { name: 'Jan', country: 'BE' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'jan.new@example.test', language: 'de', profile: { name: 'Jan-Willem', country: 'BE' } });
  });

  it('When a bridged member looks at and likes a PHP member never seen here, then that member is learnt from the PHP service as him', async () => {
    calls.profile.length = 0;
    const seen = await bridged('get', '/api/profile.php?id=900003', 'php-session-1');
    expect(seen.status).toBe(200);
    expect(seen.body.profile).toMatchObject({ id: 900_003, name: 'Klaas', about: 'Antwerp.' });
    expect(calls.profile).toEqual([{ id: 900_003, cookie: 'php-session-1' }]);
    const liked = await bridged('post', '/api/like.php', 'php-session-1', JAN, { body: { profile_id: 900_003 } });
    expect(liked.status).toBe(200);
    // Known now: not asked again.
    expect(calls.profile).toHaveLength(1);
    const [klaas] = await ctx.db.query<{ email: string; origin: string }>(sql`SELECT email, origin FROM users WHERE id = 900003`);
    expect(klaas).toEqual({ email: 'member-900003@legacy.invalid', origin: 'legacy' });
    // One the PHP service does not show him stays unknown.
    expect((await bridged('get', '/api/profile.php?id=900099', 'php-session-1')).status).toBe(404);
  });
});

describe('the first login here of a member from the PHP service', () => {
  const login = (email: string, password: string) =>
    request(ctx.app)
      .post('/api/user.php')
      .set('x-backend-secret', TEST_BACKEND_SECRET)
      .set('x-client-ip', '203.0.113.7')
      .send({ email, password });

  it('When a member without a password here logs in, then the PHP service checks it once and the address he typed becomes his; a wrong one is refused like a local one; afterwards only the hash here counts', async () => {
    // Learnt from another member's view only: no address here.
    await bridged('get', '/api/user.php', 'php-session-7', { ...JAN, id: 900_011, profile: { name: 'Piet', country: 'NL' } });
    PASSWORDS.set('piet@php.test', 'piet-php-password');
    const piet: LegacyUser = { ...JAN, id: 900_011, profile: { name: 'Piet', country: 'NL' } };
    const original = client.login;
    client.login = async (email, password) => {
      calls.login += 1;
      if (down) throw new AppError(503, 'legacy_unavailable');
      if (email === 'piet@php.test') return PASSWORDS.get(email) === password ? piet : null;
      return original(email, password, undefined);
    };
    try {
      const before = calls.login;
      const wrong = await login('piet@php.test', 'not-his');
      const localWrong = await login('free@demo.test', 'not-his');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(localWrong.body);
      expect(wrong.headers['set-cookie']).toEqual(localWrong.headers['set-cookie']);
      expect(calls.login).toBe(before + 1);

      const first = await login('piet@php.test', 'piet-php-password');
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({ id: 900_011, email: 'piet@php.test', profile: { name: 'Piet' } });
      expect(calls.login).toBe(before + 2);
      const [row] = await ctx.db.query<{ password_hash: string; email: string }>(
        sql`SELECT password_hash, email FROM users WHERE id = 900011`,
      );
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(row!.email).toBe('piet@php.test');

      down = true;
      try {
        expect((await login('piet@php.test', 'piet-php-password')).status).toBe(200);
        expect((await login('piet@php.test', 'not-his')).status).toBe(401);
        expect(calls.login).toBe(before + 2);
      } finally {
        down = false;
      }
    } finally {
      client.login = original;
    }
  });

  it('When the PHP service cannot answer a first login, then 503 legacy_unavailable in his language and nothing counts as a failure', async () => {
    const [row] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = 'new@php.test'`);
    expect(row!.n).toBe(0);
    down = true;
    try {
      const res = await request(ctx.app)
        .post('/api/user.php')
        .set('accept-language', 'de')
        .send({ email: 'new@php.test', password: 'whatever-it-is' });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({
        code: 'legacy_unavailable',
        message: 'Die Anmeldung ist gerade nicht möglich. Bitte versuche es in ein paar Minuten noch einmal.',
      });
    } finally {
      down = false;
    }
  });
});
