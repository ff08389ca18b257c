import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import * as accounts from '../accounts/activation';
import { grantCredits } from '../credits/ledger';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { configurePushHosts, endpointProblem, PrivateAddressError, resolvePublic } from './allow-list';
import { createPushJobs } from './jobs';
import { httpsTransport } from './sender';
import { createLogger } from '../../lib/logger';
import type { PushRequest, PushResponse } from './types';
import { sql } from '../../lib/db';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

/** A phone: its own ECDH key pair and auth secret, as a browser makes them for a subscription. */
function phone(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    /** What the phone would show: the decrypted payload of a push request. */
    read: (req: PushRequest) =>
      JSON.parse(ece.decrypt(req.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as Record<
        string,
        unknown
      >,
  };
}

/** The offline push service: records every request and answers with the status set per endpoint (default 201). */
const received: PushRequest[] = [];
const answers = new Map<string, PushResponse>();
const fakePushService = async (req: PushRequest): Promise<PushResponse> => {
  received.push(req);
  return answers.get(req.endpoint) ?? { status: 201 };
};

let ctx: TestContext;
let freeId: number;
let premiumId: number;
let freeCookie: string;
let premiumCookie: string;
const idOf = async (email: string) =>
  (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]?.id as number;
const openEvents = async (userId: number) =>
  (await ctx.db.query(sql`SELECT 1 FROM notification_events WHERE user_id = ${userId} AND state <> 'done'`)).length;

beforeAll(async () => {
  ctx = await createTestContext({
    members: 12,
    ...(process.env.PUSH_TEST_LOG ? { logStream: process.stderr } : {}),
    push: { publicUrl: 'http://localhost:3000', transport: fakePushService, mailDelaySeconds: 1, quietMinutes: 30 },
  });
  freeId = await idOf(DEMO_LOGINS.free);
  premiumId = await idOf(DEMO_LOGINS.premium);
  freeCookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
  premiumCookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  await ctx.db.query(sql`UPDATE users SET status = 'active', language = 'en' WHERE id = ANY(${[freeId, premiumId]}::int[])`);
  for (const userId of [freeId, premiumId]) await grantCredits(ctx.db, { userId, credits: 500, kind: 'promo', reason: 'bonus' });
}, 60_000);

afterAll(async () => {
  configurePushHosts([]);
  await ctx?.close();
});

describe('push subscriptions: the allow-list', () => {
  it.each([
    ['a non-https URL', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a loopback address', 'https://127.0.0.1/push'],
    ['a private 10.x address', 'https://10.1.2.3/push'],
    ['the IPv6 loopback', 'https://[::1]/push'],
    ['a host that is no push service', 'https://evil.example/push'],
    ['localhost', 'https://localhost/push'],
  ])('When a member saves %s as endpoint, then 400 push_endpoint_refused in his language and nothing is saved', async (_what, endpoint) => {
    const res = await request(ctx.app)
      .post('/api/user.php?push=1')
      .set('cookie', freeCookie)
      .set('accept-language', 'nl')
      .send({ subscription: phone(endpoint).subscription });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('push_endpoint_refused');
    expect(res.body.error.message).toMatch(/pushdienst/);
    expect(await ctx.db.query(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${endpoint}`)).toHaveLength(0);
  });

  it('When endpoints of the real push services are checked, then they pass; an operator-added host passes too', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBeNull();
    expect(endpointProblem('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/abc')).toBeNull();
    expect(endpointProblem('https://push.example.org/abc')).toBe('not_a_push_service');
    configurePushHosts(['push.example.org']);
    expect(endpointProblem('https://push.example.org/abc')).toBeNull();
    configurePushHosts([]);
  });

  it('When an allowed name resolves to a private address, then sending refuses to connect', async () => {
    await expect(resolvePublic('localhost')).rejects.toBeInstanceOf(PrivateAddressError);
    const inside = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(resolvePublic('push.example.org', inside)).rejects.toBeInstanceOf(PrivateAddressError);
    const transport = httpsTransport(async () => [{ address: '::1', family: 6 }]);
    await expect(
      transport({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', headers: {}, body: Buffer.alloc(0) }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(await resolvePublic('push.example.org', async () => [{ address: '93.184.216.34', family: 4 }])).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('When the site settings are read, then push_public_key is the VAPID public key kept in the database', async () => {
    const res = await request(ctx.app).get('/api/settings.php');
    const [vapid] = await ctx.db.query<{ public_key: string }>(sql`SELECT public_key FROM push_vapid`);
    expect(vapid?.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(res.body.push_public_key).toBe(vapid?.public_key);
  });
});

describe('pushes', () => {
  const mine = phone('https://fcm.googleapis.com/fcm/send/free-phone');

  it('When a member with push gets a message, then his phone shows a lock-screen-safe notification that opens the conversation', async () => {
    expect(
      (
        await request(ctx.app)
          .post('/api/user.php?push=1')
          .set('cookie', freeCookie)
          .send({ subscription: JSON.stringify(mine.subscription) })
      ).status,
    ).toBe(200);
    const sent = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', premiumCookie)
      .send({ profile_id: freeId, text: 'Secret words for you' });
    expect(sent.status).toBe(201);
    await vi.waitFor(() => expect(received.filter((r) => r.endpoint === mine.endpoint)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const req = received.find((r) => r.endpoint === mine.endpoint) as PushRequest;
    const shown = mine.read(req);
    expect(shown).toEqual({
      title: 'New message',
      body: 'You have a new message.',
      url: `/chats/${sent.body.message.conversation}`,
      badge: expect.any(Number),
      kind: 'message',
    });
    expect(shown.badge).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(shown)).not.toMatch(/Secret|premium/i);
    expect(req.headers).toMatchObject({ TTL: '86400', Urgency: 'high', Topic: 'message', 'Content-Encoding': 'aes128gcm' });
    expect(req.headers.Authorization).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]{87}$/);
    // Delivered by push: no e-mail follows.
    await vi.waitFor(async () => expect(await openEvents(freeId)).toBe(0), { timeout: 15_000, interval: 100 });
  });

  it('When a member who had not confirmed his address confirms it, then the recipient of his waiting message gets its push', async () => {
    const writerId = (
      await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE id <> ALL(${[freeId, premiumId]}::int[]) ORDER BY id LIMIT 1`)
    )[0]?.id as number;
    const writer = await loginAsMember(ctx, writerId);
    await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed' WHERE id = ${writerId}`);
    const before = received.filter((r) => r.endpoint === mine.endpoint).length;
    const sent = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', writer)
      .send({ profile_id: freeId, text: 'Waiting for my address' });
    expect(sent.body.message.held).toBe(true);
    // Held: nothing announced yet.
    expect(await ctx.db.query(sql`SELECT 1 FROM notification_events WHERE from_user_id = ${writerId}`)).toHaveLength(0);
    await ctx.db.transaction((tx) => accounts.activate(tx, writerId));
    // The push job's one-minute schedule finds the new event; the test does not wait for the minute.
    ctx.background.notifier.kick();
    await vi.waitFor(() => expect(received.filter((r) => r.endpoint === mine.endpoint).length).toBe(before + 1), {
      timeout: 15_000,
      interval: 100,
    });
    const shown = mine.read(received.filter((r) => r.endpoint === mine.endpoint).at(-1) as PushRequest);
    expect(shown).toMatchObject({ title: 'New message', url: `/chats/${sent.body.message.conversation}` });
  });

  it('When the member turns previews on, then the next push shows the sender and the text', async () => {
    const put = await request(ctx.app).put('/api/push-settings.php').set('cookie', freeCookie).send({ previews: true });
    expect(put.body).toEqual({ previews: true });
    const before = received.length;
    await request(ctx.app).post('/api/message.php').set('cookie', premiumCookie).send({ profile_id: freeId, text: 'Dinner tonight?' });
    await vi.waitFor(() => expect(received.slice(before).filter((r) => r.endpoint === mine.endpoint)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const [name] = await ctx.db.query<{ name: string }>(sql`SELECT name FROM profiles WHERE user_id = ${premiumId}`);
    expect(mine.read(received.slice(before).find((r) => r.endpoint === mine.endpoint) as PushRequest)).toMatchObject({
      title: name?.name,
      body: 'Dinner tonight?',
    });
    await request(ctx.app).put('/api/push-settings.php').set('cookie', freeCookie).send({ previews: false });
  });

  it('When a member with push is liked, then the push says so without a name, opens the likes page, and waits 3 days at low urgency', async () => {
    const before = received.length;
    const [other] = await ctx.db.query<{ id: number }>(
      sql`SELECT id FROM users WHERE id NOT IN (${freeId}, ${premiumId}) AND status = 'active' ORDER BY id LIMIT 1`,
    );
    await ctx.db.query(
      sql`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ${freeId}) WHERE id = ${other?.id}`,
    );
    const [row] = await ctx.db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${other?.id}`);
    const liker = await loginCookie(ctx.app, row?.email ?? '');
    expect((await request(ctx.app).post('/api/like.php').set('cookie', liker).send({ profile_id: freeId })).status).toBe(200);
    await vi.waitFor(() => expect(received.slice(before).filter((r) => r.endpoint === mine.endpoint)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const req = received.slice(before).find((r) => r.endpoint === mine.endpoint) as PushRequest;
    expect(mine.read(req)).toMatchObject({ title: 'New like', body: 'Someone likes you.', url: '/likes', kind: 'like' });
    expect(req.headers).toMatchObject({ TTL: String(3 * 86400), Urgency: 'low', Topic: 'like' });
  });

  it('When the push service answers 410 for one phone and 429 for another, then the first is deleted and the second backs off', async () => {
    const gone = phone('https://fcm.googleapis.com/fcm/send/gone-phone');
    const busy = phone('https://fcm.googleapis.com/fcm/send/busy-phone');
    await ctx.db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${premiumId}`);
    for (const p of [gone, busy]) {
      await request(ctx.app).post('/api/user.php?push=1').set('cookie', premiumCookie).send({ subscription: p.subscription }).expect(200);
    }
    answers.set(gone.endpoint, { status: 410 });
    answers.set(busy.endpoint, { status: 429, retryAfterSeconds: 120 });
    await request(ctx.app).post('/api/message.php').set('cookie', freeCookie).send({ profile_id: premiumId, text: 'hello' });
    await vi.waitFor(
      async () => expect(await ctx.db.query(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${gone.endpoint}`)).toHaveLength(0),
      { timeout: 15_000, interval: 100 },
    );
    const [row] = await ctx.db.query<{ later: boolean }>(
      sql`SELECT retry_after > now() + interval '60 seconds' AS later FROM push_subscriptions WHERE endpoint = ${busy.endpoint}`,
    );
    expect(row?.later).toBe(true);
    await ctx.db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${premiumId}`);
  });
});

// The job workers deliver on their own schedule; on a busy machine that takes longer than the default waits allow.
describe('notification e-mails', { timeout: 180_000 }, () => {
  const mailsTo = (email: string, topic: RegExp) => ctx.mails.filter((m) => m.to === email && topic.test(m.subject));

  it('When a member without push gets a burst of messages, then one e-mail follows, with a working one-click unsubscribe', async () => {
    await ctx.db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${premiumId}`);
    await vi.waitFor(async () => expect(await openEvents(premiumId)).toBe(0), { timeout: 60_000, interval: 100 });
    // The 410/429 test's message fell to e-mail; a new quiet period starts here.
    await vi.waitFor(() => expect(mailsTo(DEMO_LOGINS.premium, /new message/)).toHaveLength(1), { timeout: 60_000, interval: 100 });
    await ctx.db.query(sql`DELETE FROM notification_mail_log WHERE user_id = ${premiumId}`);
    const already = mailsTo(DEMO_LOGINS.premium, /new message/).length;
    for (const text of ['one', 'two', 'three']) {
      expect((await request(ctx.app).post('/api/message.php').set('cookie', freeCookie).send({ profile_id: premiumId, text })).status).toBe(
        201,
      );
    }
    await vi.waitFor(async () => expect(await openEvents(premiumId)).toBe(0), { timeout: 60_000, interval: 200 });
    await vi.waitFor(() => expect(mailsTo(DEMO_LOGINS.premium, /new message/).length).toBeGreaterThan(already), {
      timeout: 60_000,
      interval: 100,
    });
    expect(await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE topic = 'notify_messages' AND status = 'pending'`)).toHaveLength(0);
    const mails = mailsTo(DEMO_LOGINS.premium, /new message/).slice(already);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.text).not.toMatch(/one|two|three|hello/);
    const header = String(mail?.headers?.['List-Unsubscribe']);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? '');
    expect(url.protocol + url.pathname).toBe('http:/api/unsubscribe.php');

    // The page behind the link asks first; a GET changes nothing.
    const page = await request(ctx.app).get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await ctx.db.query<{ n: string[] }>(sql`SELECT notifications_disabled AS n FROM users WHERE id = ${premiumId}`))[0]?.n).toEqual(
      [],
    );

    // The mail client's one-click POST (no cookie).
    const post = await request(ctx.app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    const settings = await request(ctx.app).get('/api/notifications.php').set('cookie', premiumCookie);
    expect(settings.body.disabled).toEqual(['unsubscribe']);
  });

  it('When a member unsubscribed (or has a bounce), then new likes and matches send no e-mail', async () => {
    const before = ctx.mails.length;
    // free likes premium back: a match for premium (unsubscribed), which must not be mailed.
    await request(ctx.app).post('/api/like.php').set('cookie', premiumCookie).send({ profile_id: freeId });
    await ctx.db.query(sql`UPDATE users SET notifications_disabled = '{bounce}' WHERE id = ${freeId}`);
    await ctx.db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${freeId}`);
    await request(ctx.app).delete('/api/like.php').set('cookie', premiumCookie).send({ profile_id: freeId });
    await request(ctx.app).post('/api/like.php').set('cookie', premiumCookie).send({ profile_id: freeId });
    await vi.waitFor(async () => expect((await openEvents(premiumId)) + (await openEvents(freeId))).toBe(0), {
      timeout: 60_000,
      interval: 200,
    });
    expect(await ctx.db.query(sql`SELECT 1 FROM notification_events WHERE user_id IN (${freeId}, ${premiumId})`)).not.toHaveLength(0);
    // Give the outbox its turn: nothing is pending for them.
    expect(
      await ctx.db.query(
        sql`SELECT 1 FROM mail_outbox WHERE to_address IN (${DEMO_LOGINS.free}, ${DEMO_LOGINS.premium}) AND topic LIKE 'notify_%' AND status = 'pending'`,
      ),
    ).toHaveLength(0);
    expect(ctx.mails.slice(before).filter((m) => m.to === DEMO_LOGINS.free || m.to === DEMO_LOGINS.premium)).toHaveLength(0);
  });

  it('When an event comes while the deferred mail run waits, then that run asks for one more when the event is due (not the minute’s schedule)', async () => {
    const sent: { startAfterSeconds?: number; singletonKey?: string }[] = [];
    const { job } = createPushJobs({
      db: ctx.db,
      logger: createLogger('silent'),
      jobs: { send: async (_name, _data, options) => void sent.push(options ?? {}) },
      kickOutbox: () => undefined,
      publicUrl: 'http://localhost:3000',
      transport: fakePushService,
      mailDelaySeconds: 600,
    });
    const [other] = await ctx.db.query<{ id: number }>(
      sql`SELECT id FROM users WHERE id NOT IN (${freeId}, ${premiumId}) ORDER BY id LIMIT 1`,
    );
    const [event] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO notification_events (user_id, kind, state) VALUES (${other?.id}, 'like', 'mail') RETURNING id`,
    );
    try {
      await job.handler({}, {} as never);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.singletonKey).toBe('mail');
      expect(sent[0]?.startAfterSeconds).toBeGreaterThanOrEqual(595);
      expect(sent[0]?.startAfterSeconds).toBeLessThanOrEqual(602);
    } finally {
      await ctx.db.query(sql`DELETE FROM notification_events WHERE id = ${event?.id}`);
    }
    // Nothing waiting: no further run.
    await job.handler({}, {} as never);
    expect(sent).toHaveLength(1);
  });

  it('When the unsubscribe token is forged, then 400 in the visitor’s language and nothing changes', async () => {
    const res = await request(ctx.app)
      .post(`/api/unsubscribe.php?token=${freeId}.${'A'.repeat(43)}`)
      .set('accept-language', 'de')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsubscribe_link_invalid');
    expect(res.body.error.message).toMatch(/Abmeldelink/);
    expect((await ctx.db.query<{ n: string[] }>(sql`SELECT notifications_disabled AS n FROM users WHERE id = ${freeId}`))[0]?.n).toEqual([
      'bounce',
    ]);
  });
});
