import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createPgBus } from '../../lib/bus';
import { createPgDb, sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import { completeCheckout, newBuyer } from '../../test/payments';
import { grantCredits } from '../credits/ledger';
import { openStream, type SseEvent, type Stream } from '../../test/sse';
import { currentEventSeq } from './repository';

/**
 * One live channel per member: every kind of event reaches the member's open streams (two clients against the
 * backend, like two browsers) without a reload, resumes with Last-Event-ID, and is never delivered twice.
 */

let ctx: TestContext;
let server: http.Server;
let base: string;
const streams: Stream[] = [];

const api = () => request(ctx.app);
const stream = async (cookie: string, headers: Record<string, string> = {}) => {
  const s = openStream(base, cookie, headers);
  streams.push(s);
  expect(await s.ready).toBe(200);
  return s;
};
const of =
  (event: string, pred: (data: Record<string, unknown>) => boolean = () => true) =>
  (e: SseEvent) =>
    e.event === event && pred(e.data as Record<string, unknown>);
/** Every id a stream got, each once (no event shown twice). */
const expectNoRepeats = (s: Stream) => {
  const ids = s.events.flatMap((e) => (e.id === undefined ? [] : [e.id]));
  expect(new Set(ids).size).toBe(ids.length);
};

beforeAll(async () => {
  ctx = await createTestContext({ members: 8 });
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
});

describe('live events: chat', () => {
  it("When a conversation does not exist yet while both pages are open, then its first messages reach the other member and the sender's other tab", async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const aStream = await stream(a.cookie);
    const bTab1 = await stream(b.cookie);
    const bTab2 = await stream(b.cookie);

    const first = await api().post('/api/message.php').set('cookie', b.cookie).send({ profile_id: a.userId, text: 'hello there' });
    expect(first.status).toBe(201);
    const second = await api().post('/api/message.php').set('cookie', b.cookie).send({ profile_id: a.userId, text: 'are you there?' });
    expect(second.status).toBe(201);
    const conversation = first.body.message.conversation as number;

    for (const id of [first.body.message.id, second.body.message.id]) {
      await aStream.waitFor(
        of('message', (m) => m.id === id && m.mine === false && m.conversation === conversation && m.sender === b.userId),
      );
      // The sender's other tab shows what he sent.
      await bTab2.waitFor(of('message', (m) => m.id === id && m.mine === true));
      await bTab1.waitFor(of('message', (m) => m.id === id && m.mine === true));
    }
    const answer = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'yes!' });
    await bTab1.waitFor(of('message', (m) => m.id === answer.body.message.id && m.mine === false));
    for (const s of [aStream, bTab1, bTab2]) expectNoRepeats(s);
  });

  it("When each member reads the other's message, then the read marker reaches the other member both ways", async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const aStream = await stream(a.cookie);
    const bStream = await stream(b.cookie);
    const fromA = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'ping' });
    const conversation = fromA.body.message.conversation as number;
    expect(
      (await api().post('/api/conversation-read.php').set('cookie', b.cookie).send({ conversation, seq: fromA.body.message.seq })).status,
    ).toBe(200);
    const readByB = await aStream.waitFor(of('read', (r) => r.reader === b.userId));
    expect(readByB.data).toEqual({ conversation, reader: b.userId, seq: fromA.body.message.seq });

    const fromB = await api().post('/api/message.php').set('cookie', b.cookie).send({ profile_id: a.userId, text: 'pong' });
    expect(
      (await api().post('/api/conversation-read.php').set('cookie', a.cookie).send({ conversation, seq: fromB.body.message.seq })).status,
    ).toBe(200);
    const readByA = await bStream.waitFor(of('read', (r) => r.reader === a.userId));
    expect(readByA.data).toEqual({ conversation, reader: a.userId, seq: fromB.body.message.seq });
  });

  it("When a member types, then the other member's stream hears it (never stored, no id)", async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const bStream = await stream(b.cookie);
    const sent = await api().post('/api/message.php').set('cookie', b.cookie).send({ profile_id: a.userId, text: 'hi' });
    const conversation = sent.body.message.conversation as number;
    expect((await api().post('/api/typing.php').set('cookie', a.cookie).send({ conversation })).status).toBe(200);
    const typing = await bStream.waitFor(of('typing'));
    expect(typing).toEqual({ event: 'typing', data: { conversation, from: a.userId } });
  });

  it("When a member removes a conversation, then his other pages hear it and the other member's do not", async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const sent = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'bye' });
    const conversation = sent.body.message.conversation as number;
    const aOther = await stream(a.cookie);
    const bStream = await stream(b.cookie);
    expect((await api().delete('/api/chat.php').set('cookie', a.cookie).send({ conversation })).status).toBe(200);
    const removed = await aOther.waitFor(of('conversation_removed'));
    expect(removed.data).toEqual({ conversation });
    expect(removed.id).toMatch(/^\d+$/);
    // The other member's next event comes after it: nothing about the removal reached him.
    const later = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'back again' });
    await bStream.waitFor(of('message', (m) => m.id === later.body.message.id));
    expect(bStream.events.some((e) => e.event === 'conversation_removed')).toBe(false);
  });
});

describe('live events: likes, balance, photos', () => {
  it('When a member is liked and then likes back, then the like reaches him and the match reaches the first member, once each', async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const aStream = await stream(a.cookie);
    const bStream = await stream(b.cookie);
    expect((await api().post('/api/like.php').set('cookie', a.cookie).send({ profile_id: b.userId })).status).toBe(200);
    const like = await bStream.waitFor(of('like'));
    expect(like.data).toEqual({ profile: a.userId });
    // Liking twice changes nothing: no second event.
    await api().post('/api/like.php').set('cookie', a.cookie).send({ profile_id: b.userId });
    const back = await api().post('/api/like.php').set('cookie', b.cookie).send({ profile_id: a.userId });
    expect(back.body.match).toBe(true);
    const match = await aStream.waitFor(of('match'));
    expect(match.data).toEqual({ profile: b.userId });
    expect(bStream.events.filter((e) => e.event === 'like')).toHaveLength(1);
    expect(aStream.events.filter((e) => e.event === 'match')).toHaveLength(1);
  });

  it("When a payment settles and a refund goes out, then the member's stream gets each new balance", async () => {
    const buyer = await newBuyer(ctx, 'NL');
    const s = await stream(buyer.cookie);
    const pkg = (await api().get('/api/credit-packages.php').set('cookie', buyer.cookie)).body.packages[0] as {
      id: number;
      credits: number;
    };
    const created = await api()
      .post('/api/payments.php')
      .set('cookie', buyer.cookie)
      .set('idempotency-key', randomUUID())
      .send({ package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(created.status).toBe(201);
    await completeCheckout(created.body.checkout_url, 'paid');
    const paid = await s.waitFor(of('balance'), 10_000);
    expect(paid.data).toEqual({ credits: pkg.credits, paid_user: true });

    const refund = await api()
      .post('/api/refund.php')
      .set('cookie', buyer.cookie)
      .set('idempotency-key', randomUUID())
      .send({ payment_id: created.body.payment_id });
    expect(refund.status).toBe(200);
    const after = await s.waitFor(of('balance', (d) => d.credits === 0));
    expect(after.data).toEqual({ credits: 0, paid_user: true });
    expectNoRepeats(s);
  });

  it("When moderation approves or refuses a photo, then its owner's stream hears the decision", async () => {
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const moderator = await loginCookie(ctx.app, DEMO_LOGINS.moderator);
    const s = await stream(free);
    const upload = async (colour: string) => {
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const res = await api()
        .post('/api/photos.php')
        .set('cookie', free)
        .attach('photo', photo, { filename: 'me.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(201);
      return Math.max(...(res.body.photos as { id: number }[]).map((p) => p.id));
    };
    const good = await upload('#3366aa');
    expect((await api().put('/api/moderation.php').set('cookie', moderator).send({ photo: good, decision: 'approve' })).status).toBe(200);
    expect((await s.waitFor(of('photo', (d) => d.photo === good))).data).toEqual({ photo: good, status: 'approved' });
    const bad = await upload('#aa3366');
    expect((await api().put('/api/moderation.php').set('cookie', moderator).send({ photo: bad, decision: 'reject' })).status).toBe(200);
    expect((await s.waitFor(of('photo', (d) => d.photo === bad))).data).toEqual({ photo: bad, status: 'refused' });
  });

  it('When a stream reconnects with Last-Event-ID, then every kind missed meanwhile is replayed in order, and nothing it had is sent again', async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const first = await stream(b.cookie);
    await api().post('/api/like.php').set('cookie', a.cookie).send({ profile_id: b.userId });
    const seen = await first.waitFor(of('like'));
    first.close();
    // While the page is away: a message and a read marker in one conversation, a message in another that he then
    // removes, a match (his own like back: the match is the other member's event).
    const c = await newBuyer(ctx);
    const msg = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'while away' });
    await api().post('/api/like.php').set('cookie', b.cookie).send({ profile_id: a.userId });
    await api()
      .post('/api/conversation-read.php')
      .set('cookie', b.cookie)
      .send({ conversation: msg.body.message.conversation, seq: msg.body.message.seq });
    const gone = await api().post('/api/message.php').set('cookie', c.cookie).send({ profile_id: b.userId, text: 'soon removed' });
    await api().delete('/api/chat.php').set('cookie', b.cookie).send({ conversation: gone.body.message.conversation });
    const now = await currentEventSeq(ctx.db);

    const resumed = await stream(b.cookie, { 'last-event-id': seen.id as string });
    await resumed.waitFor(of('conversation_removed'));
    const kinds = resumed.events.map((e) => e.event);
    // What he removed is gone from the replay too; the removal itself is not.
    expect(kinds).toEqual(['message', 'read', 'conversation_removed']);
    expect(resumed.events[0]?.data).toMatchObject({ id: msg.body.message.id });
    // The match was b's own like: it is a's event, not b's; b's like event is not repeated.
    expect(kinds).not.toContain('like');
    const ids = resumed.events.map((e) => Number(e.id));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(ids.every((id) => id > Number(seen.id) && id <= now)).toBe(true);
  });
});

describe('live events: moderation removes a message', () => {
  it("When a moderator removes a photo message, then both members' open streams hear it once the decision committed; a decision that rolls back tells nobody", async () => {
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const moderator = await loginCookie(ctx.app, DEMO_LOGINS.moderator);
    const text = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'you are worthless' });
    expect(text.status).toBe(201);
    const conversation = text.body.message.conversation as number;
    const [site] = await ctx.db.query<{ photo_credits: number }>(sql`SELECT photo_credits FROM sites WHERE is_default`);
    await ctx.db.transaction((tx) =>
      grantCredits(tx, { userId: a.userId, credits: site?.photo_credits ?? 0, kind: 'promo', reason: 'bonus' }),
    );
    const file = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
    const photo = await api()
      .post('/api/photo-message.php')
      .set('cookie', a.cookie)
      .field('profile_id', String(b.userId))
      .attach('photo', file, { filename: 'p.jpg', contentType: 'image/jpeg' });
    expect(photo.status).toBe(201);
    const photoId = photo.body.message.id as number;
    const aStream = await stream(a.cookie);
    const bStream = await stream(b.cookie);
    const decide = (body: Record<string, unknown>) =>
      api()
        .post('/api/report-decision.php')
        .set('cookie', moderator)
        .send({ member: a.userId, rule: 'harassment_hate', facts: 'Insults in a chat.', ...body });

    // A removal that rolls back: its report was decided meanwhile (409), so the message stands and nobody hears of it.
    const filed = await api()
      .post('/api/report.php')
      .set('cookie', b.cookie)
      .send({ target: { kind: 'message', id: text.body.message.id }, reason: 'harassment_hate' });
    expect(filed.status).toBe(201);
    expect((await decide({ reports: [filed.body.id], action: 'dismiss' })).status).toBe(201);
    const lost = await decide({
      reports: [filed.body.id],
      action: 'remove_content',
      content: { kind: 'message', id: text.body.message.id },
    });
    expect([lost.status, lost.body.error.code]).toEqual([409, 'reports_decided']);

    const removed = await decide({ reports: [], action: 'remove_content', content: { kind: 'message', id: photoId } });
    expect(removed.status).toBe(201);
    for (const s of [aStream, bStream]) {
      const event = await s.waitFor(of('message_removed'));
      expect(event.id).toMatch(/^\d+$/);
      expect(event.data).toEqual({ conversation, message: photoId, removed_at: expect.stringMatching(/Z$/) });
      // The rolled-back removal came before it and told nothing.
      expect(s.events.filter((e) => e.event === 'message_removed')).toHaveLength(1);
      expectNoRepeats(s);
    }
    // The event says what the conversation says on a reload.
    const page = await api().get('/api/conversation.php').query({ conversation }).set('cookie', b.cookie);
    const shown = (page.body.messages as { id: number; removed_at: string | null; photo: unknown; text: string }[]).filter((m) =>
      [photoId, text.body.message.id].includes(m.id),
    );
    expect(shown).toEqual([
      expect.objectContaining({ id: text.body.message.id, removed_at: null, text: 'you are worthless' }),
      expect.objectContaining({
        id: photoId,
        removed_at: (bStream.events.find((e) => e.event === 'message_removed')?.data as { removed_at: string }).removed_at,
        photo: null,
      }),
    ]);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('live events on two instances', () => {
  it('When a like, a message and a removal happen through one backend, then a stream held by another backend on the same PostgreSQL gets each once', async () => {
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
      const a = await newBuyer(ctx);
      const b = await newBuyer(ctx);
      const other = openStream(`http://127.0.0.1:${(server2.address() as AddressInfo).port}`, b.cookie);
      streams.push(other);
      expect(await other.ready).toBe(200);
      // A second stream of the same member on the first instance: both get everything, each once.
      const here = await stream(b.cookie);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await api().post('/api/like.php').set('cookie', a.cookie).send({ profile_id: b.userId });
      const sent = await api().post('/api/message.php').set('cookie', a.cookie).send({ profile_id: b.userId, text: 'across' });
      // A removed conversation's messages are no longer read into his streams: each has the message before it goes.
      for (const s of [other, here]) await s.waitFor(of('message'), 3000);
      await api().delete('/api/chat.php').set('cookie', b.cookie).send({ conversation: sent.body.message.conversation });
      for (const s of [other, here]) {
        await s.waitFor(of('conversation_removed'), 3000);
        expect(s.events.map((e) => e.event)).toEqual(['like', 'message', 'conversation_removed']);
        expectNoRepeats(s);
      }
    } finally {
      server2.closeAllConnections();
      await new Promise<void>((resolve) => server2.close(() => resolve()));
      await bus2.close();
      await db2.close();
    }
  });
});
