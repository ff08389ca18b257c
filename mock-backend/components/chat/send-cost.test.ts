import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MESSAGES } from '../../../src/shared/chat';
import { sql, type Db, type Sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { grantCredits, ledgerInvariantViolations } from '../credits/ledger';

/**
 * What a send costs the database (100 messages a second on two cores) and that the merged statements still
 * refuse what the separate ones refused. The statements are counted at the backend's Db seam (on PostgreSQL BEGIN,
 * COMMIT and the bus's NOTIFY come on top; pg-boss's job inserts do not pass it).
 */

let ctx: TestContext;
let premiumId: number;
let others: number[] = [];
const log: string[] = [];

/** The sends whose statements are counted: a background job's statements run outside it (never in a request). */
const inSend = new AsyncLocalStorage<true>();

/** Records every statement of the app's Db (and of its transactions) made for a counted send into `log`. */
function countStatements(db: Db): void {
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  // A statement of the app's Db inside an idempotent request's transaction passes both seams: counted once.
  let viaRoot = false;
  const wrapped = new WeakSet<Db>();
  const counting = (inner: Db): Db => {
    if (wrapped.has(inner)) return inner;
    const outer: Db = {
      ...inner,
      query: (q) => {
        if (!viaRoot && inSend.getStore()) log.push(q.text.replace(/\s+/g, ' ').trim().slice(0, 80));
        return inner.query(q);
      },
      transaction: (fn) => inner.transaction((tx) => fn(counting(tx))),
    };
    wrapped.add(outer);
    return outer;
  };
  (db as { query: Db['query'] }).query = (q) => {
    if (inSend.getStore()) log.push(q.text.replace(/\s+/g, ' ').trim().slice(0, 80));
    viaRoot = true;
    try {
      return query(q);
    } finally {
      viaRoot = false;
    }
  };
  (db as { transaction: Db['transaction'] }).transaction = (fn) => transaction((tx) => fn(counting(tx)));
}

const send = (cookie: string, profileId: number, text: string, key?: string) => {
  const r = request((req: IncomingMessage, res: ServerResponse) => inSend.run(true, () => ctx.app(req, res)))
    .post('/api/message.php')
    .set('cookie', cookie)
    .send({ profile_id: profileId, text });
  return key ? r.set('Idempotency-Key', key) : r;
};
const conversationWith = (cookie: string, profileId: number) =>
  request(ctx.app).get(`/api/conversation.php?profile_id=${profileId}`).set('cookie', cookie);
const creditsOf = async (id: number) =>
  (await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${id}`))[0]?.credits as number;
const countOf = async (count: Sql) => (await ctx.db.query<{ n: number }>(count))[0]?.n as number;

beforeAll(async () => {
  ctx = await createTestContext({ members: 16 });
  premiumId = (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.premium}`))[0]?.id as number;
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
       AND u.site_id = (SELECT site_id FROM users WHERE id = ${premiumId})
     ORDER BY u.id LIMIT 6`,
  );
  others = rows.map((r) => r.id);
  await grantCredits(ctx.db, { userId: premiumId, credits: 500, kind: 'promo', reason: 'bonus' });
  countStatements(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

describe('chat send cost', () => {
  it('When a premium member writes in an existing conversation, then the send takes at most 10 statements and answers the allowance the database has', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const otherId = others[0] as number;
    expect((await send(premium, otherId, 'first')).status).toBe(201);

    log.length = 0;
    const sent = await send(premium, otherId, 'second', 'cost-1');
    expect(sent.status).toBe(201);
    // Site with session, rate limit, the key's lock and the look for a stored answer; the sender's lock with partner
    // and conversation, the spend (reservation with balance and lots, then lots with ledger), the conversation with
    // the notification and his counts, the message; the idempotency answer, in the send's transaction. It was 20
    // before the send path was trimmed.
    // The event bus's NOTIFY (PostgreSQL) is not the send's statement; the background jobs (the push job the send
    // kicks among them) run outside the send and are not counted at all.
    const statements = log.filter((sql) => !/pg_notify/.test(sql));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(10);

    const read = await conversationWith(premium, otherId);
    expect(read.status).toBe(200);
    expect(sent.body.allowance).toEqual(read.body.allowance);
    expect(sent.body.allowance.credits).toBe(await creditsOf(premiumId));
    expect(await ledgerInvariantViolations(ctx.db, [premiumId])).toEqual([]);
    // One notification event for the recipient per delivered message.
    expect(
      await countOf(sql`SELECT count(*)::int AS n FROM notification_events WHERE user_id = ${otherId} AND from_user_id = ${premiumId}`),
    ).toBe(2);
  });

  it('When a free member starts a conversation and uses his free messages, then each answer counts them as the database does', async () => {
    const [aId, bId] = others.slice(1, 3) as [number, number];
    const a = await loginAsMember(ctx, aId, { free: true });
    for (let i = 0; i < FREE_MESSAGES; i++) {
      const sent = await send(a, bId, `free ${i}`);
      expect(sent.status).toBe(201);
      const read = await conversationWith(a, bId);
      expect(sent.body.allowance).toEqual(read.body.allowance);
      expect(sent.body.allowance.free_messages_left).toBe(FREE_MESSAGES - i - 1);
    }
    // The free ones are used up: the next one costs message_credits, and a balance that is short refuses it.
    await ctx.db.query(sql`UPDATE users SET credits = 0 WHERE id = ${aId}`);
    await ctx.db.query(sql`UPDATE credit_lots SET remaining = 0 WHERE user_id = ${aId}`);
    const messages = await countOf(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${aId}`);
    const refused = await send(a, bId, 'one too many');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('insufficient_credits');
    expect(await countOf(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${aId}`)).toBe(messages);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${aId}`)).toBe(0);
  });

  it('When the partner blocked the sender, is deleted, or is invisible to a new conversation, then the merged check still refuses with 404 and stores nothing', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const [blockerId, invisibleId, goneId] = others.slice(3, 6) as [number, number, number];
    await ctx.db.query(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blockerId}, ${premiumId})`);
    await ctx.db.query(sql`UPDATE profiles SET invisible = true WHERE user_id = ${invisibleId}`);
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = ${goneId}`);
    const credits = await creditsOf(premiumId);
    const messages = await countOf(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${premiumId}`);
    for (const id of [blockerId, invisibleId, goneId]) {
      const refused = await send(premium, id, 'hello?');
      expect(refused.status).toBe(404);
    }
    expect(await creditsOf(premiumId)).toBe(credits);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${premiumId}`)).toBe(messages);
    expect((await send(premium, premiumId, 'me')).status).toBe(422);
  });
});
