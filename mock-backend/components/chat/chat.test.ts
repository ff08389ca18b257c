import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MESSAGES } from '../../../src/shared/chat';
import { createApp } from '../../app';
import { createPgBus } from '../../lib/bus';
import { createPgDb, sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, loginAsMember, type TestContext } from '../../test/context';
import * as accounts from '../accounts/activation';
import { grantCredits, ledgerInvariantViolations } from '../credits/ledger';
import { openStream } from '../../test/sse';

let ctx: TestContext;
let server: http.Server;
let base: string;
let others: number[] = [];
let premiumId: number;
let freeId: number;

const loginAs = (id: number) => loginAsMember(ctx, id, { free: true });

const idOf = async (email: string) =>
  (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]?.id as number;
const creditsOf = async (id: number) =>
  (await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${id}`))[0]?.credits as number;
const send = (cookie: string, profileId: number, text: string, key?: string) => {
  const r = request(ctx.app).post('/api/message.php').set('cookie', cookie).send({ profile_id: profileId, text });
  return key ? r.set('Idempotency-Key', key) : r;
};

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  premiumId = await idOf(DEMO_LOGINS.premium);
  freeId = await idOf(DEMO_LOGINS.free);
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
       AND u.site_id = (SELECT site_id FROM users WHERE id = ${premiumId})
       AND NOT EXISTS (SELECT 1 FROM conversation_members cm JOIN conversation_members o ON o.conversation_id = cm.conversation_id
                       WHERE cm.user_id = u.id AND o.user_id IN (${premiumId}, ${freeId}))
     ORDER BY u.id LIMIT 14`,
  );
  others = rows.map((r) => r.id);
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
});

describe('chat', () => {
  it('When a visitor calls the chat operations, then 403 authentication_required', async () => {
    expect((await request(ctx.app).get('/api/conversation.php?profile_id=1')).status).toBe(403);
    expect((await request(ctx.app).post('/api/message.php').send({ profile_id: 1, text: 'hi' })).status).toBe(403);
    expect((await request(ctx.app).post('/api/typing.php').send({ conversation: 1 })).status).toBe(403);
    expect((await request(ctx.app).post('/api/conversation-read.php').send({ conversation: 1, seq: 1 })).status).toBe(403);
    expect((await request(ctx.app).get('/api/events.php')).status).toBe(403);
  });

  it('When a premium member writes, then the other sees it unread, reads it, and the writer sees the read marker; one charge per Idempotency-Key', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const otherId = others[0] as number;
    const other = await loginAs(otherId);
    const before = await creditsOf(premiumId);

    const sent = await send(premium, otherId, '  Hello there  ', 'key-1');
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ text: 'Hello there', mine: true, held: false, kind: 'text' });
    expect(sent.body.message.id).toBeGreaterThan(0);
    expect(sent.body.message.conversation).toBeGreaterThan(0);
    const again = await send(premium, otherId, '  Hello there  ', 'key-1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.message.id).toBe(sent.body.message.id);
    const [site] = await ctx.db.query<{ message_credits: number }>(
      sql`SELECT message_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${premiumId})`,
    );
    expect(await creditsOf(premiumId)).toBe(before - (site?.message_credits ?? 0));

    const chats = await request(ctx.app).get('/api/chats.php').set('cookie', other);
    const chat = chats.body.chats.find((c: { conversation: number }) => c.conversation === sent.body.message.conversation);
    expect(chat.num_unread_messages).toBe(1);
    const conv = await request(ctx.app)
      .get('/api/conversation.php')
      .query({ conversation: sent.body.message.conversation })
      .set('cookie', other);
    expect(conv.status).toBe(200);
    expect(conv.body.messages.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([['Hello there', false]]);
    const read = await request(ctx.app)
      .post('/api/conversation-read.php')
      .set('cookie', other)
      .send({ conversation: conv.body.conversation, seq: 2147483647 });
    expect(read.status).toBe(200);
    const after = await request(ctx.app).get('/api/chats.php').set('cookie', other);
    expect(after.body.chats.find((c: { conversation: number }) => c.conversation === conv.body.conversation).num_unread_messages).toBe(0);
    const mine = await request(ctx.app).get('/api/conversation.php').query({ profile_id: otherId }).set('cookie', premium);
    expect(mine.body.partner_read_seq).toBe(sent.body.message.seq);

    // Somebody else's conversation is not found.
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    expect(
      (await request(ctx.app).get('/api/conversation.php').query({ conversation: conv.body.conversation }).set('cookie', free)).status,
    ).toBe(404);
    expect((await request(ctx.app).post('/api/typing.php').set('cookie', free).send({ conversation: conv.body.conversation })).status).toBe(
      404,
    );
  });

  it('When a message is empty, too long, or to oneself, then 422 with the reason and nothing is stored', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const otherId = others[1] as number;
    const blank = await send(premium, otherId, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.error.code).toBe('message_empty');
    const long = await send(premium, otherId, 'x'.repeat(1001));
    expect(long.status).toBe(422);
    expect(long.body.error).toMatchObject({ code: 'message_too_long', params: { max: 1000 } });
    const self = await send(premium, premiumId, 'me');
    expect(self.status).toBe(422);
    expect(self.body.error.code).toBe('message_self');
    const nl = await send(premium, premiumId, 'me').set('accept-language', 'nl');
    expect(nl.body.error.message).toBe('Je kunt jezelf geen bericht sturen.');
    expect(await ctx.db.query(sql`SELECT 1 FROM conversation_members WHERE user_id = ${otherId}`)).toHaveLength(0);
  });

  it('When a free member uses his free messages, then the next one asks for credits and stores nothing; a third started conversation is refused', async () => {
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const a = others[2] as number;
    const b = others[3] as number;
    const c = others[4] as number;
    const first = await send(free, a, 'one');
    expect(first.status).toBe(201);
    expect(first.body.allowance.free_messages_left).toBe(FREE_MESSAGES - 1);
    expect(first.body.allowance.conversations_left).toBe(1);
    for (let i = 1; i < FREE_MESSAGES; i++) expect((await send(free, b, `free ${i}`)).status).toBe(201);
    const count = async () => (await ctx.db.query(sql`SELECT 1 FROM messages WHERE sender_id = ${freeId}`)).length;
    const stored = await count();
    const paid = await send(free, a, 'one more').set('accept-language', 'nl');
    expect(paid.status).toBe(402);
    expect(paid.body.error).toMatchObject({ code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' });
    expect(await count()).toBe(stored);
    const third = await send(free, c, 'hello');
    expect(third.status).toBe(422);
    expect(third.body.error.code).toBe('conversation_limit_reached');
    const view = await request(ctx.app).get('/api/conversation.php').query({ profile_id: c }).set('cookie', free);
    expect(view.body).toMatchObject({ conversation: null, messages: [] });
    expect(view.body.allowance).toMatchObject({
      free_messages_left: 0,
      conversations_left: 0,
      first_messages_left: null,
      first_messages_per_day: null,
    });
  });

  it("When a premium member starts new conversations, then there is no daily cap unless the site's premium_conversations_per_day sets one", async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const [a, b] = [others[12] as number, others[13] as number];
    const setCap = (cap: number | null) =>
      ctx.db.query(
        sql`UPDATE sites SET premium_conversations_per_day = ${cap} WHERE id = (SELECT site_id FROM users WHERE id = ${premiumId})`,
      );
    const allowance = async (id: number) =>
      (await request(ctx.app).get('/api/conversation.php').query({ profile_id: id }).set('cookie', premium)).body.allowance;
    try {
      await setCap(null);
      expect(await allowance(a)).toMatchObject({ first_messages_left: null, first_messages_per_day: null });
      const settings = await request(ctx.app).get('/api/settings.php');
      expect(settings.body.premium_conversations_per_day).toBeNull();
      // A cap of what he started today plus one: one more new conversation, then the 429.
      await setCap(1000);
      const started = 1000 - (await allowance(a)).first_messages_left;
      await setCap(started + 1);
      expect(await allowance(a)).toMatchObject({ first_messages_left: 1, first_messages_per_day: started + 1 });
      expect((await send(premium, a, 'hello a', 'cap-a')).status).toBe(201);
      const refused = await send(premium, b, 'hello b', 'cap-b');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'first_message_limit', params: { limit: started + 1 } });
      // The cap is per UTC day: asked again when the next one begins.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
      expect((await allowance(b)).first_messages_left).toBe(0);
      const view = await request(ctx.app).get('/api/conversation.php').query({ profile_id: b }).set('cookie', premium);
      expect(view.body).toMatchObject({ conversation: null, messages: [] });
      // An existing conversation is never capped; without the setting the new one goes through.
      expect((await send(premium, a, 'again', 'cap-a2')).status).toBe(201);
      await setCap(null);
      expect((await send(premium, b, 'hello b', 'cap-b2')).status).toBe(201);
    } finally {
      await setCap(null);
    }
  });

  it('When 50 sends race against a balance for one message, then exactly one is sent and charged', async () => {
    const otherId = others[5] as number;
    const racerId = others[6] as number;
    const racer = await loginAs(racerId);
    const [site] = await ctx.db.query<{ message_credits: number }>(
      sql`SELECT message_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${racerId})`,
    );
    const price = site?.message_credits ?? 10;
    await ctx.db.query(sql`UPDATE users SET paid_user = true WHERE id = ${racerId}`);
    await ctx.db.transaction((tx) => grantCredits(tx, { userId: racerId, credits: price, kind: 'promo', reason: 'bonus' }));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(racer, otherId, `race ${i}`, `race-${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 402 || s === 429)).toBe(true);
    expect(await creditsOf(racerId)).toBe(0);
    expect(await ctx.db.query(sql`SELECT 1 FROM messages WHERE sender_id = ${racerId}`)).toHaveLength(1);
    // The spend API's ledger: one spend, and balance = ledger = lots.
    expect(await ctx.db.query(sql`SELECT 1 FROM credit_ledger WHERE user_id = ${racerId} AND reason = 'message'`)).toHaveLength(1);
    expect(await ledgerInvariantViolations(ctx.db, [racerId])).toEqual([]);
  });

  it('When a gift is sent, then it costs gift_credits (free members too), arrives as a gift message, and an unknown gift is 422', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const otherId = others[0] as number;
    const catalogue = await request(ctx.app).get('/api/gifts.php').set('cookie', premium);
    expect(catalogue.body.gifts.map((g: { key: string }) => g.key)).toContain('rose');
    const price = catalogue.body.gifts[0].credits as number;
    const before = await creditsOf(premiumId);
    const sent = await request(ctx.app)
      .post('/api/gift.php')
      .set('cookie', premium)
      .set('Idempotency-Key', 'gift-1')
      .send({ profile_id: otherId, gift: 'rose' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ kind: 'gift', gift: 'rose', mine: true });
    const again = await request(ctx.app)
      .post('/api/gift.php')
      .set('cookie', premium)
      .set('Idempotency-Key', 'gift-1')
      .send({ profile_id: otherId, gift: 'rose' });
    expect(again.body.message.id).toBe(sent.body.message.id);
    expect(await creditsOf(premiumId)).toBe(before - price);
    const other = await loginAs(otherId);
    const view = await request(ctx.app).get('/api/conversation.php').query({ profile_id: premiumId }).set('cookie', other);
    expect(view.body.messages.at(-1)).toMatchObject({ kind: 'gift', gift: 'rose', mine: false });
    // The chat list names the last message: for the receiver a gift from the other, for the sender his own.
    const list = await request(ctx.app).get('/api/chats.php').set('cookie', other);
    expect(list.body.chats.find((c: { profile: { id: number } }) => c.profile.id === premiumId).last_message).toEqual({
      kind: 'gift',
      text: '',
      gift: 'rose',
      mine: false,
    });
    const own = await request(ctx.app).get('/api/chats.php').set('cookie', premium);
    expect(own.body.chats.find((c: { profile: { id: number } }) => c.profile.id === otherId).last_message).toMatchObject({
      kind: 'gift',
      gift: 'rose',
      mine: true,
    });
    await send(premium, otherId, 'After the rose', 'gift-text-1');
    const later = await request(ctx.app).get('/api/chats.php').set('cookie', other);
    expect(later.body.chats.find((c: { profile: { id: number } }) => c.profile.id === premiumId).last_message).toEqual({
      kind: 'text',
      text: 'After the rose',
      gift: null,
      mine: false,
    });
    const unknown = await request(ctx.app).post('/api/gift.php').set('cookie', premium).send({ profile_id: otherId, gift: 'unicorn' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('gift_unknown');
    // A free member without credits: no free gifts.
    const poor = await request(ctx.app).post('/api/gift.php').set('cookie', other).send({ profile_id: premiumId, gift: 'heart' });
    expect(poor.status).toBe(402);
    expect(await ledgerInvariantViolations(ctx.db, [premiumId])).toEqual([]);
  });

  it('When the recipient is deleted, blocked, or invisible to a new conversation, then 404; an invisible member keeps his existing chats', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const gone = others[7] as number;
    const blocked = others[8] as number;
    const hidden = others[9] as number;
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = ${gone}`);
    expect((await send(premium, gone, 'hi')).status).toBe(404);
    expect((await send(premium, blocked, 'before the block')).status).toBe(201);
    await ctx.db.query(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocked}, ${premiumId})`);
    expect((await send(premium, blocked, 'after the block')).status).toBe(404);
    expect((await request(ctx.app).get('/api/conversation.php').query({ profile_id: blocked }).set('cookie', premium)).status).toBe(404);
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    await ctx.db.query(sql`UPDATE profiles SET invisible = true WHERE user_id = ${premiumId}`);
    try {
      const fresh = await request(ctx.app).get('/api/conversation.php').query({ profile_id: premiumId }).set('cookie', free);
      expect(fresh.status).toBe(404);
      const h = await loginAs(hidden);
      await ctx.db.query(sql`UPDATE profiles SET invisible = false WHERE user_id = ${premiumId}`);
      expect((await send(premium, hidden, 'we know each other')).status).toBe(201);
      await ctx.db.query(sql`UPDATE profiles SET invisible = true WHERE user_id = ${premiumId}`);
      const reply = await send(h, premiumId, 'still here');
      expect(reply.status).toBe(201);
      const seen = await request(ctx.app).get('/api/conversation.php').query({ profile_id: premiumId }).set('cookie', h);
      expect(seen.body.profile).toMatchObject({ online: false, last_active: null });
    } finally {
      await ctx.db.query(sql`UPDATE profiles SET invisible = false WHERE user_id = ${premiumId}`);
    }
  });

  it('When a member who has not confirmed his address writes, then the message waits unseen and uncharged until he confirms', async () => {
    const writerId = others[10] as number;
    const readerId = others[11] as number;
    const writer = await loginAs(writerId);
    const reader = await loginAs(readerId);
    await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed' WHERE id = ${writerId}`);
    const sent = await send(writer, readerId, 'waiting');
    expect(sent.status).toBe(201);
    expect(sent.body.message.held).toBe(true);
    const readerView = await request(ctx.app).get('/api/conversation.php').query({ profile_id: writerId }).set('cookie', reader);
    expect(readerView.body.messages).toEqual([]);
    // Only his free text messages wait; a gift (never free) is refused until he confirms, not charged.
    const gift = await request(ctx.app).post('/api/gift.php').set('cookie', writer).send({ profile_id: readerId, gift: 'rose' });
    expect(gift.status).toBe(403);
    expect(gift.body.error.code).toBe('account_not_activated');
    await ctx.db.transaction((tx) => accounts.activate(tx, writerId));
    const later = await request(ctx.app).get('/api/conversation.php').query({ profile_id: writerId }).set('cookie', reader);
    expect(later.body.messages.map((m: { text: string }) => m.text)).toEqual(['waiting']);
    const chats = await request(ctx.app).get('/api/chats.php').set('cookie', reader);
    expect(
      chats.body.chats.some(
        (c: { profile: { id: number }; num_unread_messages: number }) => c.profile.id === writerId && c.num_unread_messages === 1,
      ),
    ).toBe(true);
  });

  it('When both members have the stream open, then messages, typing and read markers arrive; a reconnect with Last-Event-ID replays what was missed', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const otherId = others[0] as number;
    const other = await loginAs(otherId);
    const theirs = openStream(base, other);
    // A second tab of the same member without a shared stream: both read from the member's one feed.
    const theirsToo = openStream(base, other);
    const mine = openStream(base, premium);
    expect(await theirs.ready).toBe(200);
    expect(await theirsToo.ready).toBe(200);
    expect(await mine.ready).toBe(200);

    const sent = await send(premium, otherId, 'live!');
    const got = await theirs.waitFor((e) => e.event === 'message' && (e.data as { id: number }).id === sent.body.message.id);
    expect(got.data).toMatchObject({ text: 'live!', mine: false, sender: premiumId });
    expect(got.id).toBe(String(sent.body.message.seq));
    await theirsToo.waitFor((e) => e.event === 'message' && (e.data as { id: number }).id === sent.body.message.id);
    theirsToo.close();
    await mine.waitFor(
      (e) =>
        e.event === 'message' && (e.data as { mine: boolean; id: number }).mine && (e.data as { id: number }).id === sent.body.message.id,
    );

    const conversation = sent.body.message.conversation as number;
    expect((await request(ctx.app).post('/api/typing.php').set('cookie', other).send({ conversation })).status).toBe(200);
    const typing = await mine.waitFor((e) => e.event === 'typing');
    expect(typing).toMatchObject({ data: { conversation, from: otherId } });
    expect(typing.id).toBeUndefined();

    await request(ctx.app).post('/api/conversation-read.php').set('cookie', other).send({ conversation, seq: sent.body.message.seq });
    const read = await mine.waitFor((e) => e.event === 'read' && (e.data as { reader: number }).reader === otherId);
    expect((read.data as { seq: number }).seq).toBe(sent.body.message.seq);

    theirs.close();
    const missed = await send(premium, otherId, 'while you were away');
    const resumed = openStream(base, other, { 'last-event-id': String(sent.body.message.seq) });
    const replay = await resumed.waitFor((e) => e.event === 'message' && (e.data as { id: number }).id === missed.body.message.id);
    expect((replay.data as { text: string }).text).toBe('while you were away');
    resumed.close();
    mine.close();

    const bad = await request(ctx.app).get('/api/events.php').set('cookie', other).set('last-event-id', 'abc');
    expect(bad.status).toBe(400);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('chat on two instances', () => {
  it('When a message is sent through one backend, then a stream held by another backend on the same PostgreSQL gets it', async () => {
    if (ctx.db.connection.kind !== 'pg') throw new Error('the postgres project runs on PostgreSQL');
    const url = ctx.db.connection.connectionString;
    const [schema] = await ctx.db.query<{ s: string }>(sql`SELECT current_schema() AS s`);
    const logger = createLogger('silent');
    const db2 = createPgDb(url, { searchPath: schema?.s as string, max: 2 });
    const bus2 = createPgBus(db2, url, logger, { searchPath: schema?.s });
    const app2 = createApp({
      db: db2,
      bus: bus2,
      logger,
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => undefined },
      publicUrl: 'http://localhost',
      backendSecret: TEST_BACKEND_SECRET,
    });
    const server2 = app2.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server2.once('listening', resolve));
    try {
      const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
      const otherId = others[0] as number;
      const other = await loginAs(otherId);
      const stream = openStream(`http://127.0.0.1:${(server2.address() as AddressInfo).port}`, other);
      expect(await stream.ready).toBe(200);
      // The LISTEN connection of the second instance may still be connecting: its connect makes every stream look once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = await send(premium, otherId, 'across instances');
      // Well before the stream's next heartbeat look: the NOTIFY of the first instance woke it.
      await stream.waitFor((e) => e.event === 'message' && (e.data as { id: number }).id === sent.body.message.id, 3000);
      stream.close();
    } finally {
      server2.closeAllConnections();
      await new Promise<void>((resolve) => server2.close(() => resolve()));
      await bus2.close();
      await db2.close();
    }
  });
});
