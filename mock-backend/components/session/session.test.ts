import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';

/** The keys of a real browser subscription: a P-256 public key and a 16-byte secret, base64url. */
function validKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('session', () => {
  it('When the site row is saved between two requests (by this instance or another), then the second request sees it', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const gifts = async () => (await request(ctx.app).get('/api/gifts.php').set('cookie', cookie)).body.gifts[0].credits as number;
    const [site] = await ctx.db.query<{ id: number; gift_credits: number }>(sql`SELECT id, gift_credits FROM sites WHERE is_default`);
    const before = site?.gift_credits ?? 0;
    expect(await gifts()).toBe(before);
    expect(await gifts()).toBe(before);
    await ctx.db.query(sql`UPDATE sites SET gift_credits = ${before + 7} WHERE id = ${site?.id ?? 0}`);
    try {
      expect(await gifts()).toBe(before + 7);
    } finally {
      await ctx.db.query(sql`UPDATE sites SET gift_credits = ${before} WHERE id = ${site?.id ?? 0}`);
    }
    expect(await gifts()).toBe(before);
  });

  it('When the demo member logs in with the right password, then the user comes back with an auth cookie', async () => {
    const res = await request(ctx.app)
      .post('/api/user.php')
      .set('request-type', 'client')
      .send({ email: DEMO_LOGINS.premium, password: 'demo-password' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: DEMO_LOGINS.premium, paid_user: true, credits: 120, status: 'active' });
    // Photo paths are signed (s/<expiry>/<signature>/<file>), see components/photos.
    expect(res.body.user.profile.main_image.match_path).toMatch(/^s\/\d+\/[\w-]+\/avatars\//);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='));
    expect(cookie).toMatch(/^auth=[0-9a-f]{32}; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });

  it('When the request came over https through the proxy, then the cookie is Secure', async () => {
    const res = await request(ctx.app)
      .post('/api/user.php')
      .set('x-forwarded-proto', 'https')
      .send({ email: DEMO_LOGINS.free, password: 'demo-password' });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });

  it('When the password is wrong or the e-mail unknown, then both answer the same 401 login_failed', async () => {
    const wrong = await request(ctx.app).post('/api/user.php').send({ email: DEMO_LOGINS.free, password: 'nope' });
    const unknown = await request(ctx.app).post('/api/user.php').send({ email: 'ghost@demo.test', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('login_failed');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('When the visitor speaks Dutch, then the login error is in Dutch', async () => {
    const res = await request(ctx.app)
      .post('/api/user.php')
      .set('accept-language', 'nl-NL,nl;q=0.9')
      .send({ email: DEMO_LOGINS.free, password: 'fout' });
    expect(res.body.error.message).toBe('Login mislukt, probeer opnieuw');
  });

  it('When there is no session, then GET user answers 403 authentication_required', async () => {
    const res = await request(ctx.app).get('/api/user.php').set('request-type', 'client');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'authentication_required', message: expect.any(String) },
      authentication_required: true,
    });
  });

  it('When a logged-in member saves a language, then GET user shows it', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const put = await request(ctx.app).put('/api/user.php').set('cookie', cookie).send({ language: 'nl' });
    expect(put.status).toBe(200);
    expect(put.body.user.language).toBe('nl');
    const get = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    expect(get.body.user.language).toBe('nl');
  });

  it('When a member logs in again with an old cookie, then the old session is gone (rotation)', async () => {
    const first = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const res = await request(ctx.app)
      .post('/api/user.php')
      .set('cookie', first)
      .send({ email: DEMO_LOGINS.free, password: 'demo-password' });
    expect(res.status).toBe(200);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', first)).status).toBe(403);
  });

  it('When a member logs out, then the cookie is cleared and the session no longer works', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const out = await request(ctx.app).get('/api/logout.php').set('cookie', cookie);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/^auth=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', cookie)).status).toBe(403);
  });

  it('When a visitor sends a push subscription, then 403; when a member does, then it is saved', async () => {
    const sub = { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: validKeys() } };
    expect((await request(ctx.app).post('/api/user.php?push=1').send(sub)).status).toBe(403);
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const res = await request(ctx.app).post('/api/user.php?push=1').set('cookie', cookie).send(sub);
    expect(res.body).toEqual({ success: true });
    const rows = await ctx.db.query(sql`SELECT endpoint FROM push_subscriptions`);
    expect(rows).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }]);
  });

  it('When a subscription lacks keys or carries keys Web Push cannot use, then 400 push_subscription_invalid naming the key, and nothing is saved', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const good = validKeys();
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const cases: [unknown, string][] = [
      [undefined, 'subscription.keys'],
      [{ ...good, auth: 'A'.repeat(5000) }, 'subscription.keys.auth'],
      [{ ...good, auth: randomBytes(12).toString('base64url') }, 'subscription.keys.auth'],
      [{ p256dh: good.p256dh }, 'subscription.keys.auth'],
      [{ ...good, p256dh: 'not base64url!' }, 'subscription.keys.p256dh'],
      [{ ...good, p256dh: compressed.getPublicKey(undefined, 'compressed').toString('base64url') }, 'subscription.keys.p256dh'],
      [{ ...good, p256dh: offCurve.toString('base64url') }, 'subscription.keys.p256dh'],
      [{ auth: good.auth }, 'subscription.keys.p256dh'],
    ];
    for (const [i, [keys, field]] of cases.entries()) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/bad-${i}`;
      const res = await request(ctx.app)
        .post('/api/user.php?push=1')
        .set('cookie', cookie)
        .set('accept-language', 'nl')
        .send({ subscription: keys === undefined ? { endpoint } : { endpoint, keys } });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'push_subscription_invalid', params: { field } });
      expect(res.body.error.message).toContain('pushabonnement');
    }
    expect(await ctx.db.query(sql`SELECT 1 FROM push_subscriptions WHERE endpoint LIKE '%/bad-%'`)).toEqual([]);
    // Padded base64url, as some browsers give it, is fine.
    const padded = { p256dh: `${good.p256dh}=`, auth: `${good.auth}==` };
    const ok = await request(ctx.app)
      .post('/api/user.php?push=1')
      .set('cookie', cookie)
      .send({ subscription: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/padded', keys: padded }) });
    expect(ok.status).toBe(200);
  });

  it('When the page is hidden, then last activity is recorded with 204', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    await ctx.db.query(sql`UPDATE users SET last_active_at = now() - interval '1 day' WHERE email = ${DEMO_LOGINS.premium}`);
    const res = await request(ctx.app).post('/api/page-hidden.php').set('cookie', cookie).send({});
    expect(res.status).toBe(204);
    const [row] = await ctx.db.query<{ recent: boolean }>(
      sql`SELECT last_active_at > now() - interval '1 minute' AS recent FROM users WHERE email = ${DEMO_LOGINS.premium}`,
    );
    expect(row?.recent).toBe(true);
  });

  it('When the password is wrong five times, then the account is blocked with 429 login_blocked and minutes', async () => {
    const email = 'member1-3@seed.invalid';
    for (let i = 0; i < 4; i++) {
      expect((await request(ctx.app).post('/api/user.php').send({ email, password: 'bad' })).status).toBe(401);
    }
    const fifth = await request(ctx.app).post('/api/user.php').send({ email, password: 'bad' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toMatchObject({ code: 'login_blocked', params: { minutes: 15 } });
    const sixth = await request(ctx.app).post('/api/user.php').set('accept-language', 'nl').send({ email, password: 'bad' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
  });
});
