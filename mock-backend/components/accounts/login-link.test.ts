import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { sql, type Db } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { hashPassword } from '../../lib/password';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/seed';
import { createTestContext, fromClient, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import { LOGIN_ACCOUNT_POLICY } from '../session/service';
import { LOGIN_LINK_MINUTES } from './login-link';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const cookies = (res: request.Response): string[] => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cookieValue = (res: request.Response, name: string) =>
  cookies(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Waits for the newest sign-in link mailed to `to` (after `since` mails) and returns its token. */
async function mailedLink(to: string, since: number): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = ctx.mails
        .slice(since)
        .reverse()
        .find((m) => m.to === to && m.text.includes('/login-link?token='));
      const token = mail?.text.match(/login-link\?token=([0-9a-f]{64})/)?.[1];
      if (!token) throw new Error(`no sign-in link to ${to}`);
      return token;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** A stranger's distributed guessing: LOGIN_ACCOUNT_POLICY.maxFailures wrong passwords from four addresses. */
async function attack(email: string, prefix: string): Promise<void> {
  for (let i = 0; i < LOGIN_ACCOUNT_POLICY.maxFailures; i++) {
    await request(ctx.app)
      .post('/api/user.php')
      .set(fromClient(`${prefix}.${1 + (i % 4)}`))
      .send({ email, password: `wrong-${i}` });
  }
}

describe('sign-in link against lock-out by strangers', () => {
  it('When strangers have locked the account, then the owner gets a link by mail that logs in his new device and trusts it', async () => {
    const email = DEMO_LOGINS.free;
    await attack(email, '203.0.113');
    // The owner's right password from a device he never used: locked out by the strangers.
    const blocked = await request(ctx.app).post('/api/user.php').set(fromClient('198.51.100.10')).send({ email, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('login_blocked');

    const before = ctx.mails.length;
    const asked = await request(ctx.app)
      .post('/api/login-link.php')
      .set(fromClient('198.51.100.10'))
      .set('accept-language', 'de')
      .send({ email });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true });
    const token = await mailedLink(email, before);
    const mail = ctx.mails.slice(before).find((m) => m.to === email);
    // The language of the page he asked on (German; the demo member's saved language is English), the validity in minutes.
    expect(mail?.subject).toContain('Anmeldelink');
    expect(mail?.text).toContain(`${LOGIN_LINK_MINUTES} Minuten`);
    expect(mail?.text).toContain('http://localhost:3000/login-link?token=');

    const used = await request(ctx.app).put('/api/login-link.php').set(fromClient('198.51.100.10')).send({ token });
    expect(used.status).toBe(200);
    expect(used.body.user.email).toBe(email);
    const auth = cookieValue(used, 'auth');
    const device = cookieValue(used, 'device');
    expect(auth).toMatch(/^auth=[0-9a-f]{32}$/);
    expect(cookies(used).find((c) => c.startsWith('device='))).toMatch(/Path=\/api\/user\.php; .*HttpOnly; SameSite=Lax/);
    expect(
      (
        await request(ctx.app)
          .get('/api/user.php')
          .set('cookie', auth ?? '')
      ).status,
    ).toBe(200);

    // The attack goes on; the device the link logged in now logs in with the password all the same.
    await attack(email, '203.0.114');
    const again = await request(ctx.app)
      .post('/api/user.php')
      .set(fromClient('198.51.100.10'))
      .set('cookie', device ?? '')
      .send({ email, password: DEMO_PASSWORD });
    expect(again.status).toBe(200);
  });

  it('When a link is used a second time, or after its 15 minutes, then 410 token_invalid and no cookie', async () => {
    const email = DEMO_LOGINS.premium;
    const before = ctx.mails.length;
    expect((await request(ctx.app).post('/api/login-link.php').set(fromClient('198.51.100.20')).send({ email })).status).toBe(200);
    const token = await mailedLink(email, before);
    const [row] = await ctx.db.query<{ minutes: number }>(
      sql`SELECT extract(epoch FROM expires_at - created_at)::int / 60 AS minutes FROM account_tokens WHERE purpose = 'login_link' ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.minutes).toBe(LOGIN_LINK_MINUTES);
    expect((await request(ctx.app).put('/api/login-link.php').set(fromClient('198.51.100.20')).send({ token })).status).toBe(200);
    const reused = await request(ctx.app)
      .put('/api/login-link.php')
      .set(fromClient('198.51.100.20'))
      .set('accept-language', 'nl')
      .send({ token });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('token_invalid');
    expect(reused.headers['set-cookie']).toBeUndefined();

    // A fresh link (the spacing between links is over), then its 15 minutes pass.
    await ctx.db.query(sql`UPDATE account_tokens SET created_at = created_at - interval '1 hour' WHERE purpose = 'login_link'`);
    const next = ctx.mails.length;
    await request(ctx.app).post('/api/login-link.php').set(fromClient('198.51.100.20')).send({ email });
    const late = await mailedLink(email, next);
    await ctx.db.query(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'login_link' AND used_at IS NULL`,
    );
    const expired = await request(ctx.app).put('/api/login-link.php').set(fromClient('198.51.100.20')).send({ token: late });
    expect(expired.status).toBe(410);
    expect(expired.headers['set-cookie']).toBeUndefined();
  });

  it('When links are asked for again and again, then one is mailed per 5 minutes and the earlier one stays valid', async () => {
    const email = 'member1-5@seed.invalid';
    await ctx.db.query(sql`UPDATE users SET email = 'linkowner@example.test' WHERE email = ${email}`);
    const owner = 'linkowner@example.test';
    const before = ctx.mails.length;
    await request(ctx.app).post('/api/login-link.php').set(fromClient('198.51.100.30')).send({ email: owner });
    const first = await mailedLink(owner, before);
    for (let i = 0; i < 3; i++) {
      expect((await request(ctx.app).post('/api/login-link.php').set(fromClient('198.51.100.31')).send({ email: owner })).status).toBe(200);
    }
    await vi.waitFor(async () => expect(await ctx.db.query(sql`SELECT 1 FROM login_link_requests`)).toEqual([]));
    expect(ctx.mails.slice(before).filter((m) => m.to === owner)).toHaveLength(1);
    expect((await request(ctx.app).put('/api/login-link.php').set(fromClient('198.51.100.30')).send({ token: first })).status).toBe(200);
  });

  it('When a known and an unknown address ask for a link, then status, body, headers, cookies and the statements run are the same', async () => {
    // A second app over the same database whose Db records every statement of a request (the mail pass runs apart).
    const statements: string[] = [];
    const recording = (db: Db): Db => ({
      ...db,
      query: (q) => {
        statements.push(q.text);
        return db.query(q);
      },
      transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
    });
    const app = createApp({
      db: recording(ctx.db),
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => {} },
      publicUrl: 'http://localhost:3000',
      backendSecret: TEST_BACKEND_SECRET,
    });
    const ask = async (email: string, ip: string) => {
      statements.length = 0;
      const res = await request(app).post('/api/login-link.php').set(fromClient(ip)).send({ email });
      const headers: Record<string, unknown> = { ...res.headers };
      delete headers.date;
      delete headers['x-request-id'];
      return { status: res.status, body: res.body as unknown, headers, statements: [...statements] };
    };
    await ask('warm-up@example.test', '198.51.100.40'); // keys loaded once per app
    const known = await ask(DEMO_LOGINS.moderator, '198.51.100.41');
    const unknown = await ask('nobody-here@example.test', '198.51.100.42');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(known.headers['set-cookie']).toBeUndefined();
    // A malformed address is refused alike, before anything is written.
    const bad = await request(app).post('/api/login-link.php').set(fromClient('198.51.100.43')).send({ email: 'not an address' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.params.field).toBe('email');
  });

  it('When one address asks too often, then 429 too_many_requests', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await request(ctx.app)
          .post('/api/login-link.php')
          .set(fromClient('198.51.100.50'))
          .send({ email: `x${i}@example.test` })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('a new password ends what the old one could have started', () => {
  /** A seeded member with the demo password and an active session; his address and that session's cookie. */
  async function member(n: number): Promise<{ id: number; email: string; cookie: string }> {
    const [row] = await ctx.db.query<{ id: number; email: string }>(
      sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
          WHERE u.status = 'active' AND u.role = 'member' AND NOT p.fictional AND p.status = 'active' AND u.email LIKE '%@seed.invalid'
          ORDER BY u.id OFFSET ${n} LIMIT 1`,
    );
    if (!row) throw new Error('no seeded member');
    await ctx.db.query(sql`UPDATE users SET password_hash = ${await hashPassword(DEMO_PASSWORD)} WHERE id = ${row.id}`);
    const login = await request(ctx.app)
      .post('/api/user.php')
      .set(fromClient(`192.0.2.${40 + n}`))
      .send({ email: row.email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return { ...row, cookie: cookieValue(login, 'auth') as string };
  }

  /** Asks for a sign-in link for `email` and answers the token of the mail. */
  async function signInLink(email: string, ip: string): Promise<string> {
    const before = ctx.mails.length;
    expect((await request(ctx.app).post('/api/login-link.php').set(fromClient(ip)).send({ email })).status).toBe(200);
    return mailedLink(email, before);
  }

  const spend = (token: string, ip: string) => request(ctx.app).put('/api/login-link.php').set(fromClient(ip)).send({ token });
  const sessionAlive = async (cookie: string) =>
    (await request(ctx.app).get('/api/notifications.php').set('cookie', cookie)).status === 200;

  it('When a member resets his password, then a sign-in link mailed before no longer logs in (410) and every session ends', async () => {
    const { email, cookie } = await member(3);
    const link = await signInLink(email, '192.0.2.90');
    const before = ctx.mails.length;
    await request(ctx.app).post('/api/reset-password.php').send({ email }).expect(200);
    const reset = await vi.waitFor(
      () => {
        const token = ctx.mails
          .slice(before)
          .find((m) => m.to === email)
          ?.text.match(/reset-password\/do\?token=([0-9a-f]+)/)?.[1];
        if (!token) throw new Error('no reset mail');
        return token;
      },
      { timeout: 5000, interval: 20 },
    );
    await request(ctx.app)
      .put('/api/reset-password.php')
      .send({ token: reset, password: 'a-fresh-password', password_repeat: 'a-fresh-password' })
      .expect(200);

    const used = await spend(link, '192.0.2.90');
    expect(used.status).toBe(410);
    expect(used.body.error.code).toBe('token_invalid');
    expect(cookieValue(used, 'auth')).toBeUndefined();
    expect(await sessionAlive(cookie)).toBe(false);
  });

  it('When a member changes his password, then his sign-in links and other sessions end and the session that changed it stays', async () => {
    const { email, cookie } = await member(4);
    const other = await request(ctx.app).post('/api/user.php').set(fromClient('192.0.2.91')).send({ email, password: DEMO_PASSWORD });
    const otherCookie = cookieValue(other, 'auth') as string;
    const link = await signInLink(email, '192.0.2.92');

    await request(ctx.app)
      .put('/api/password.php')
      .set('cookie', cookie)
      .send({ old_password: DEMO_PASSWORD, password: 'another-password', password_repeat: 'another-password' })
      .expect(200);

    expect((await spend(link, '192.0.2.92')).status).toBe(410);
    expect(await sessionAlive(otherCookie)).toBe(false);
    expect(await sessionAlive(cookie)).toBe(true);
    // A link asked for after the change works as ever.
    await ctx.db.query(sql`UPDATE account_tokens SET created_at = now() - interval '1 hour' WHERE purpose = 'login_link'`);
    const fresh = await signInLink(email, '192.0.2.93');
    expect((await spend(fresh, '192.0.2.93')).status).toBe(200);
  });
});
