import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ASSERTION_HEADER, sessionHash, signMemberAssertion, type AssertedMember } from '../../../src/shared/member-assertion';
import { sql } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { createTestContext, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import type { LegacyClient, LegacyUser } from './client';

/**
 * The new backend beside a PHP service (a fake LegacyClient): members it vouches for through the BFF's identity bridge
 * are learnt under their PHP ids, the members they meet are learnt as them, and a member without a password here logs
 * in once through it.
 */

const JAN: LegacyUser = {
  id: 900_001,
  email: 'jan@php.test',
  status: 'active',
  language: 'nl',
  signup_date: '2024-03-01T09:00:00Z',
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
    return PASSWORDS.get(email) === password && email === JAN.email ? JAN : null;
  },
  async profile(id, cookie) {
    calls.profile.push({ id, cookie });
    return OTHERS.get(id) ?? null;
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3, legacy: { client, cookieName: 'PHPSESSID' } });
});
afterAll(() => ctx?.close());

/** A request as the BFF sends it for a member whose PHP session is `phpSession`: the cookie, the request id, the assertion. */
function bridged(method: 'get' | 'post', path: string, phpSession: string, member: AssertedMember = JAN, secret = TEST_BACKEND_SECRET) {
  const rid = randomUUID();
  const assertion = signMemberAssertion(secret, {
    sub: member.id,
    sid: sessionHash(phpSession),
    rid,
    mth: method.toUpperCase(),
    pth: path,
    usr: member,
  });
  return request(ctx.app)
    [method](path)
    .set('cookie', `PHPSESSID=${phpSession}`)
    .set('x-request-id', rid)
    .set('x-backend-secret', TEST_BACKEND_SECRET)
    .set(MEMBER_ASSERTION_HEADER, assertion);
}

describe('members learnt from the PHP service', () => {
  it('When the bridge vouches for a PHP member, then he is learnt under his PHP id and answered as himself, in one session row', async () => {
    const res = await bridged('get', '/api/user.php', 'php-session-1');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: JAN.id, email: JAN.email, language: 'nl', profile: { name: 'Jan', country: 'NL' } });
    const [row] = await ctx.db.query<{ origin: string; password_hash: string }>(
      sql`SELECT origin, password_hash FROM users WHERE id = ${JAN.id}`,
    );
    expect(row).toEqual({ origin: 'legacy', password_hash: '' });
    expect((await bridged('get', '/api/likes.php', 'php-session-1')).status).toBe(200);
    const sessions = await ctx.db.query(sql`SELECT id FROM sessions WHERE user_id = ${JAN.id}`);
    expect(sessions).toHaveLength(1);
  });

  it('When the assertion is forged, copied to another request, or names another cookie, then there is no member: 403', async () => {
    const forged = await bridged('get', '/api/likes.php', 'php-session-2', JAN, 'not-the-secret-not-the-secret-not-the-secret');
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('authentication_required');
    // Made for likes.php, presented on chats.php.
    const rid = randomUUID();
    const forLikes = signMemberAssertion(TEST_BACKEND_SECRET, {
      sub: JAN.id,
      sid: sessionHash('php-session-2'),
      rid,
      mth: 'GET',
      pth: '/api/likes.php',
      usr: JAN,
    });
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
  });

  it('When a PHP id belongs to a member who signed up here, then he is not taken over: 403 and his row unchanged', async () => {
    const [local] = await ctx.db.query<{ id: number; email: string }>(
      sql`SELECT id, email FROM users WHERE origin = 'local' ORDER BY id LIMIT 1`,
    );
    const impostor = { ...JAN, id: local!.id, email: 'impostor@php.test' };
    const res = await bridged('get', '/api/user.php', 'php-session-3', impostor);
    expect(res.status).toBe(403);
    const [after] = await ctx.db.query<{ email: string; origin: string }>(sql`SELECT email, origin FROM users WHERE id = ${local!.id}`);
    expect(after).toEqual({ email: local!.email, origin: 'local' });
  });

  it('When a bridged member looks at and likes a PHP member never seen here, then that member is learnt from the PHP service as him', async () => {
    calls.profile.length = 0;
    const seen = await bridged('get', '/api/profile.php?id=900003', 'php-session-1');
    expect(seen.status).toBe(200);
    expect(seen.body.profile).toMatchObject({ id: 900_003, name: 'Klaas', about: 'Antwerp.' });
    expect(calls.profile).toEqual([{ id: 900_003, cookie: 'php-session-1' }]);
    const liked = await bridged('post', '/api/like.php', 'php-session-1').send({ profile_id: 900_003 });
    expect(liked.status).toBe(200);
    // Known now: not asked again.
    expect(calls.profile).toHaveLength(1);
    const [klaas] = await ctx.db.query<{ email: string; origin: string }>(sql`SELECT email, origin FROM users WHERE id = 900003`);
    expect(klaas).toEqual({ email: 'member-900003@legacy.invalid', origin: 'legacy' });
    // One the PHP service does not show him stays unknown.
    expect((await bridged('get', '/api/profile.php?id=900099', 'php-session-1')).status).toBe(404);
  });

  it('When a member without a password here logs in, then the PHP service checks it once; a wrong one is refused like a local one; afterwards only the hash here counts', async () => {
    const login = (email: string, password: string) =>
      request(ctx.app)
        .post('/api/user.php')
        .set('x-backend-secret', TEST_BACKEND_SECRET)
        .set('x-client-ip', '203.0.113.7')
        .send({ email, password });
    const before = calls.login;
    const wrong = await login(JAN.email, 'not-his');
    const localWrong = await login('free@demo.test', 'not-his');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(localWrong.body);
    expect(wrong.headers['set-cookie']).toEqual(localWrong.headers['set-cookie']);
    expect(calls.login).toBe(before + 1);

    const first = await login(JAN.email, 'jan-php-password');
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ id: JAN.id, profile: { name: 'Jan' } });
    expect(calls.login).toBe(before + 2);
    const [row] = await ctx.db.query<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE id = ${JAN.id}`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    down = true;
    try {
      const again = await login(JAN.email, 'jan-php-password');
      expect(again.status).toBe(200);
      expect((await login(JAN.email, 'not-his')).status).toBe(401);
      expect(calls.login).toBe(before + 2);
    } finally {
      down = false;
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
