import type { BusNotification } from '../../lib/bus';
import { raw, sql, statement, type Db, type Sql } from '../../lib/db';
import { CHAT_EVENT_LOCK } from '../../lib/live-events';
import { SUMMARY_COLUMNS, SUMMARY_JOINS, type SummaryRow } from '../members/index';
import { notBlocked } from '../privacy/index';

async function lockChatEvents(tx: Db): Promise<void> {
  await tx.query(sql`SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK})`);
}

/** bigint columns arrive as strings from node-postgres; seqs stay far below 2^53. */
export const seqOf = (value: string | number | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));

interface SenderRow {
  id: number;
  status: 'active' | 'not_confirmed' | 'deleted';
  paid_user: boolean;
  credits: number;
}

export interface SendContextRow extends SenderRow {
  /** Whether the other member may be written to at all (see findPartner), and whether he is invisible. */
  partner_found: boolean;
  partner_invisible: boolean;
  /** Whether the other member is suspended or banned now: he receives nothing. */
  partner_unavailable: boolean;
  /** Their conversation, if one exists. */
  conversation_id: number | null;
}

const sendContextQuery = statement(
  'chat_send_context',
  (siteId: number, senderId: number, otherId: number) => sql`SELECT s.id, s.status, s.paid_user, s.credits,
          coalesce(partner.found, false) AS partner_found, coalesce(partner.invisible, false) AS partner_invisible,
          coalesce(partner.unavailable, false) AS partner_unavailable, conv.conversation_id
   FROM users s
   LEFT JOIN LATERAL (
     SELECT true AS found, p.invisible, coalesce(u.suspended_until > now(), false) AS unavailable FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.id = ${otherId} AND u.site_id = ${siteId} AND u.id <> ${senderId} AND u.status <> 'deleted' AND u.deleted_at IS NULL
       AND p.status = 'active' AND ${notBlocked(senderId, raw('u.id'))}
   ) partner ON true
   LEFT JOIN LATERAL (
     SELECT me.conversation_id FROM conversation_members me
     JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id = ${otherId}
     WHERE me.user_id = ${senderId} ORDER BY me.conversation_id LIMIT 1
   ) conv ON true
   WHERE s.id = ${senderId} AND s.deleted_at IS NULL
   FOR NO KEY UPDATE OF s`,
);

/**
 * What a send needs to know before its rules, in one statement: the sender, locked for the rest of the transaction
 * (his sends are counted and charged one after the other); whether the other member is reachable as findPartner finds him (same site, not deleted, profile enabled, no block either
 * way); and their conversation as findConversationBetween finds it. The partner and the conversation are read in the
 * statement's snapshot, which may predate a wait for the sender's lock: a conversation created meanwhile is found by
 * the caller's second look under the pair lock (conversationAndUse), so the allowance counts are still read
 * afterwards: with that look, or in a statement of their own (countUse).
 *
 * FOR NO KEY UPDATE (what the balance UPDATE takes anyway), not FOR UPDATE: a send to him by someone else checks
 * its foreign keys with FOR KEY SHARE on his row, which FOR UPDATE would block until his own send commits — with
 * members writing to each other at the same moment, sends queued behind each other (and behind the event lock).
 */
export async function sendContext(tx: Db, siteId: number, senderId: number, otherId: number): Promise<SendContextRow | null> {
  const [row] = await tx.query<SendContextRow>(sendContextQuery(siteId, senderId, otherId));
  return row ?? null;
}

export interface PartnerRow extends SummaryRow {
  invisible: boolean;
  /** Suspended or banned now (a suspension or ban that stands sets users.suspended_until in the future). */
  unavailable: boolean;
  last_active_at: Date | null;
}

/**
 * The other member as the viewer may see him in a chat: same site, not deleted, profile enabled, no block either
 * way. Invisible members are found too (their existing chats go on); the caller decides about new ones.
 */
export async function findPartner(db: Db, siteId: number, viewerId: number, otherId: number): Promise<PartnerRow | null> {
  const [row] = await db.query<PartnerRow>(partnerQuery(siteId, viewerId, otherId));
  return row ?? null;
}

// A conversation page's three reads (the partner, a page of messages, the allowances with the balance) are prepared
// once per connection: as one-off statements PostgreSQL planned each again on every view (most of their 1.4 ms on the
// embedded database).
const partnerQuery = statement(
  'chat_partner',
  (siteId: number, viewerId: number, otherId: number) =>
    sql`SELECT ${SUMMARY_COLUMNS}, p.invisible, coalesce(u.suspended_until > now(), false) AS unavailable, u.last_active_at
     FROM users u ${SUMMARY_JOINS}
     WHERE u.id = ${otherId} AND u.site_id = ${siteId} AND u.id <> ${viewerId} AND u.status <> 'deleted' AND u.deleted_at IS NULL
       AND p.status = 'active' AND ${notBlocked(viewerId, raw('u.id'))}`,
);

export interface MembershipRow {
  conversation_id: number;
  other_id: number;
  read_seq: string;
  cleared_seq: string;
  other_read_seq: string;
}

/** The viewer's side of a conversation he belongs to, with the other member's id and read marker. */
export async function findMembership(db: Db, conversationId: number, userId: number): Promise<MembershipRow | null> {
  const [row] = await db.query<MembershipRow>(
    sql`SELECT me.conversation_id, o.user_id AS other_id, me.read_seq, me.cleared_seq, o.read_seq AS other_read_seq
     FROM conversation_members me
     JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
     WHERE me.conversation_id = ${conversationId} AND me.user_id = ${userId}`,
  );
  return row ?? null;
}

const conversationBetween = statement(
  'chat_conversation_between',
  (a: number, b: number) => sql`SELECT me.conversation_id, o.user_id AS other_id, me.read_seq, me.cleared_seq, o.read_seq AS other_read_seq
     FROM conversation_members me
     JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id = ${b}
     WHERE me.user_id = ${a}
     ORDER BY me.conversation_id LIMIT 1`,
);

/** The conversation of the two members, if any. */
export async function findConversationBetween(db: Db, a: number, b: number): Promise<MembershipRow | null> {
  const [row] = await db.query<MembershipRow>(conversationBetween(a, b));
  return row ?? null;
}

/** Serialises the creation of the one conversation of two members (both may write first at the same moment). */
export async function lockPair(tx: Db, a: number, b: number): Promise<void> {
  await tx.query(sql`SELECT pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);
}

/** A new conversation of the two members, with both memberships (one statement). */
export async function insertConversation(tx: Db, siteId: number, startedBy: number, other: number): Promise<number> {
  const [conv] = await tx.query<{ id: number }>(
    sql`WITH c AS (INSERT INTO conversations (site_id, started_by) VALUES (${siteId}, ${startedBy}) RETURNING id),
     members AS (INSERT INTO conversation_members (conversation_id, user_id) SELECT c.id, m FROM c, unnest(ARRAY[${startedBy}::int, ${other}::int]) AS m)
     SELECT id FROM c`,
  );
  if (!conv) throw new Error('conversation insert returned nothing');
  return conv.id;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  seq: string;
  sender_id: number;
  kind: 'text' | 'gift' | 'photo';
  body: string;
  gift_key: string | null;
  photo_filename: string | null;
  created_at: Date;
  held: boolean;
  /** When moderation removed it (its body is then empty and its photo is shown to nobody). */
  removed_at: Date | null;
}

const MESSAGE_COLUMNS = raw(
  'm.id, m.conversation_id, m.seq, m.sender_id, m.kind, m.body, m.gift_key, m.photo_filename, m.created_at, m.held, m.removed_at',
);

/**
 * The statement that records a delivered message's notification event for its recipient, inside the statement that
 * delivers it. Chat does not know how notifications are kept: the caller passes the push component's writer.
 */
type MessageNotificationInsert = (e: { userId: number; fromUserId: number; conversationId: number }) => Sql;

export interface NewMessage {
  conversationId: number;
  /** A delivered message is a notification for the other member: recorded in the same statement (notification). */
  recipientId: number;
  notification: MessageNotificationInsert;
  senderId: number;
  kind: 'text' | 'gift' | 'photo';
  body: string;
  giftKey?: string | null;
  photoFilename?: string | null;
  held: boolean;
  free: boolean;
  creditsCost: number;
  /**
   * The live signal of a delivered message as part of its statement (Bus.notification: PostgreSQL sends it at the
   * commit); null when the bus publishes after the commit instead.
   */
  notify?: BusNotification | null;
  /**
   * Also answer the sender's counts as countUse does, before this message (read in the transaction, after his lock):
   * for a send whose rules did not need them but whose answer does. Only for a delivered message.
   */
  countUse?: boolean;
}

/** countUse's three counts for the member `id`. */
const useColumns = (id: number) => sql`(SELECT count(*)::int FROM messages WHERE sender_id = ${id} AND free) AS free_used,
  (SELECT count(*)::int FROM conversations WHERE started_by = ${id}) AS started,
  (SELECT count(*)::int FROM conversations WHERE started_by = ${id}
     AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS started_today`;

/** The statement that stores a held message: under the event lock, the insert and the sender's read marker. */
const insertHeldMessageQuery = statement('chat_insert_message', (m: NewMessage) => {
  const conversation = sql`${m.conversationId}::int`;
  const sender = sql`${m.senderId}::int`;
  return sql`WITH event_lock AS (SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::bigint)),
   m AS (
     INSERT INTO messages (conversation_id, sender_id, body, kind, gift_key, photo_filename, held, free, credits_cost)
     SELECT ${conversation}, ${sender}, ${m.body}::text, ${m.kind}::text, ${m.giftKey ?? null}::text, ${m.photoFilename ?? null}::text,
            ${m.held}::boolean, ${m.free}::boolean, ${m.creditsCost}::int FROM event_lock
     RETURNING *
   ),
   -- The sender has read everything up to his own message.
   sender_read AS (
     UPDATE conversation_members SET read_seq = greatest(read_seq, (SELECT seq FROM m)), updated_at = now()
     WHERE conversation_id = ${conversation} AND user_id = ${sender}
   )
   SELECT ${MESSAGE_COLUMNS} FROM m`;
});

/**
 * The statement that delivers a message: first the conversation's date, both members' lists and the recipient's
 * notification event (read to the end before the lock is taken, so they are written before it, in the order of the
 * separate statements they replace: a chat removal holds the conversation's row while it waits for the lock); then,
 * under the event lock, the insert and the sender's read marker; and, if asked, the sender's counts as countUse reads
 * them (the statement's snapshot: before this message).
 */
const deliverMessageQuery = statement('chat_deliver_message', (m: NewMessage) => {
  const conversation = sql`${m.conversationId}::int`;
  const sender = sql`${m.senderId}::int`;
  return sql`WITH c AS (UPDATE conversations SET last_message_at = now(), updated_at = now() WHERE id = ${conversation} RETURNING 1),
   n AS (${m.notification({ userId: m.recipientId, fromUserId: m.senderId, conversationId: m.conversationId })} RETURNING 1),
   lists AS (
     UPDATE conversation_members SET deleted_at = NULL, updated_at = now() WHERE conversation_id = ${conversation} AND deleted_at IS NOT NULL
     RETURNING 1
   ),
   event_lock AS (
     SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::bigint)
     FROM (SELECT count(*) FROM c) AS c_done, (SELECT count(*) FROM n) AS n_done, (SELECT count(*) FROM lists) AS lists_done
   ),
   m AS (
     INSERT INTO messages (conversation_id, sender_id, body, kind, gift_key, photo_filename, held, free, credits_cost)
     SELECT ${conversation}, ${sender}, ${m.body}::text, ${m.kind}::text, ${m.giftKey ?? null}::text, ${m.photoFilename ?? null}::text,
            false, ${m.free}::boolean, ${m.creditsCost}::int FROM event_lock
     RETURNING *
   ),
   -- The sender has read everything up to his own message.
   sender_read AS (
     UPDATE conversation_members SET read_seq = greatest(read_seq, (SELECT seq FROM m)), updated_at = now()
     WHERE conversation_id = ${conversation} AND user_id = ${sender}
   ),
   -- The streams' "look", sent by PostgreSQL when the transaction commits (none without a channel).
   notify AS (SELECT pg_notify(${m.notify?.channel ?? null}::text, ${m.notify?.payload ?? null}::text) WHERE ${m.notify?.channel ?? null}::text IS NOT NULL)
   SELECT ${MESSAGE_COLUMNS}, u.free_used, u.started, u.started_today
   FROM m LEFT JOIN (SELECT ${useColumns(m.senderId)} WHERE ${m.countUse ?? false}::boolean) u ON true
   CROSS JOIN (SELECT count(*) FROM notify) AS notified`;
});

/**
 * Stores a message under the event lock (see CHAT_EVENT_LOCK), in one statement. A delivered one also dates the
 * conversation, brings it back into both members' lists and records the recipient's notification event; a held one
 * (sender not activated) waits for activation (deliverHeldMessages records the notifications then).
 *
 * The event lock serialises every chat write of the site from the moment it is taken to the commit, so everything
 * that does not need the message's number is written before it, and the lock, the insert (which draws the number)
 * and the sender's read marker come last: one round trip for the whole delivery. Callers keep other writes before
 * this call (or after the commit) for the same reason.
 */
export async function insertMessage(tx: Db, m: NewMessage): Promise<{ message: MessageRow; use: Counts | null }> {
  if (m.held) {
    const [row] = await tx.query<MessageRow>(insertHeldMessageQuery(m));
    if (!row) throw new Error('message insert returned nothing');
    return { message: row, use: null };
  }
  // now() is the transaction's time: the message's created_at and the conversation's date are the same instant.
  const [row] = await tx.query<MessageRow & { [K in keyof Counts]: number | null }>(deliverMessageQuery(m));
  if (!row) throw new Error('message insert returned nothing');
  const { free_used, started, started_today, ...message } = row;
  const use = free_used === null || started === null || started_today === null ? null : { free_used, started, started_today };
  return { message, use };
}

/** One page of a conversation for a member, newest first: what he removed is gone, held messages only for their sender. */
export async function listMessages(
  db: Db,
  q: { conversationId: number; viewerId: number; clearedSeq: number; before: number | null; limit: number },
): Promise<MessageRow[]> {
  return db.query<MessageRow>(messagesPage(q.conversationId, q.viewerId, q.clearedSeq, q.before, q.limit));
}

const messagesPage = statement(
  'chat_messages_page',
  (conversationId: number, viewerId: number, clearedSeq: number, before: number | null, limit: number) =>
    sql`SELECT ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.conversation_id = ${conversationId} AND m.seq > ${clearedSeq} AND (NOT m.held OR m.sender_id = ${viewerId})
       AND (${before}::bigint IS NULL OR m.seq < ${before}::bigint)
     ORDER BY m.seq DESC LIMIT ${limit}`,
);

export interface Counts {
  free_used: number;
  started: number;
  started_today: number;
}

const countUseQuery = statement('chat_count_use', (userId: number) => sql`SELECT ${useColumns(userId)}`);

const conversationAndUseQuery = statement(
  'chat_conversation_and_use',
  (a: number, b: number) => sql`SELECT (
       SELECT me.conversation_id FROM conversation_members me
       JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id = ${b}
       WHERE me.user_id = ${a} ORDER BY me.conversation_id LIMIT 1
     ) AS conversation_id, ${useColumns(a)}`,
);

/**
 * The conversation of the two members as findConversationBetween finds it (its id, or null), with `a`'s counts as
 * countUse reads them: one statement for a first message's second look under the pair lock.
 */
export async function conversationAndUse(db: Db, a: number, b: number): Promise<{ conversationId: number | null; use: Counts }> {
  const [row] = await db.query<Counts & { conversation_id: number | null }>(conversationAndUseQuery(a, b));
  const { conversation_id: conversationId = null, ...use } = row ?? { free_used: 0, started: 0, started_today: 0 };
  return { conversationId, use };
}

/** What the member has used of his allowances. */
export async function countUse(db: Db, userId: number): Promise<Counts> {
  const [row] = await db.query<Counts>(countUseQuery(userId));
  return row ?? { free_used: 0, started: 0, started_today: 0 };
}

/** What the member has used of his allowances, with his balance and premium state (one round trip). */
export async function useAndBalance(db: Db, userId: number): Promise<Counts & { credits: number; paid_user: boolean }> {
  const [row] = await db.query<Counts & { credits: number; paid_user: boolean }>(useAndBalanceQuery(userId));
  return row ?? { free_used: 0, started: 0, started_today: 0, credits: 0, paid_user: false };
}

const useAndBalanceQuery = statement(
  'chat_use_and_balance',
  (userId: number) =>
    sql`SELECT (SELECT count(*)::int FROM messages WHERE sender_id = ${userId} AND free) AS free_used,
            (SELECT count(*)::int FROM conversations WHERE started_by = ${userId}) AS started,
            (SELECT count(*)::int FROM conversations WHERE started_by = ${userId} AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS started_today,
            coalesce((SELECT credits FROM users WHERE id = ${userId}), 0) AS credits,
            coalesce((SELECT paid_user FROM users WHERE id = ${userId}), false) AS paid_user`,
);

const moveReadMarkerQuery = statement(
  'chat_move_read_marker',
  (conversationId: number, userId: number, seq: number) => sql`WITH me AS (
     SELECT o.user_id AS other_id FROM conversation_members me
     JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
     WHERE me.conversation_id = ${conversationId}::int AND me.user_id = ${userId}::int
   ),
   -- Never past the newest delivered message of the conversation.
   up_to AS (
     SELECT least(${seq}::bigint, coalesce((SELECT max(seq) FROM messages WHERE conversation_id = ${conversationId}::int AND NOT held), 0)) AS seq
     FROM me
   ),
   event_lock AS (SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::bigint) FROM up_to),
   moved AS (
     UPDATE conversation_members SET read_seq = up_to.seq, read_event_seq = nextval('chat_event_seq'), unread_count = 0, updated_at = now()
     FROM up_to, event_lock
     WHERE conversation_id = ${conversationId}::int AND user_id = ${userId}::int AND read_seq < up_to.seq
     RETURNING 1
   )
   SELECT me.other_id, EXISTS (SELECT 1 FROM moved) AS moved FROM me`,
);

/**
 * Moves the member's read marker forward to `seq` (never back, never past the newest delivered message), in one
 * statement that is its own transaction: the event lock (see CHAT_EVENT_LOCK) is taken before the marker draws its
 * event number and held to the commit. Answers the other member and whether the marker moved; null when the member
 * is not in the conversation.
 */
export async function moveReadMarker(
  db: Db,
  conversationId: number,
  userId: number,
  seq: number,
): Promise<{ other_id: number; moved: boolean } | null> {
  const [row] = await db.query<{ other_id: number; moved: boolean }>(moveReadMarkerQuery(conversationId, userId, seq));
  return row ?? null;
}

/**
 * Activation: the member's held messages are delivered now, with new positions in the event order, and
 * their conversations move up. Returns their recipients with the conversation of each: the caller records their
 * notifications (they hear of them now, as of any new message).
 */
export async function deliverHeldMessages(tx: Db, senderId: number): Promise<{ userId: number; conversationId: number }[]> {
  const held = await tx.query<{ id: number }>(sql`SELECT id FROM messages WHERE sender_id = ${senderId} AND held ORDER BY id LIMIT 1`);
  if (held.length === 0) return [];
  await lockChatEvents(tx);
  const convs = await tx.query<{ conversation_id: number }>(
    sql`UPDATE messages SET held = false, seq = nextval('chat_event_seq'), created_at = now(), updated_at = now()
     WHERE id IN (SELECT id FROM messages WHERE sender_id = ${senderId} AND held ORDER BY id)
     RETURNING conversation_id`,
  );
  const ids = [...new Set(convs.map((c) => c.conversation_id))];
  await tx.query(sql`UPDATE conversations SET last_message_at = now(), updated_at = now() WHERE id = ANY(${ids}::int[])`);
  const members = await tx.query<{ user_id: number; conversation_id: number }>(
    sql`SELECT user_id, conversation_id FROM conversation_members WHERE conversation_id = ANY(${ids}::int[])`,
  );
  return members.filter((m) => m.user_id !== senderId).map((m) => ({ userId: m.user_id, conversationId: m.conversation_id }));
}

/** The highest event number committed so far: where a stream without Last-Event-ID starts. */
export async function currentEventSeq(db: Db): Promise<number> {
  const [row] = await db.query<{ seq: string | null }>(
    sql`SELECT greatest((SELECT max(seq) FROM messages), (SELECT max(read_event_seq) FROM conversation_members),
                     (SELECT max(seq) FROM member_events)) AS seq`,
  );
  return seqOf(row?.seq);
}

export interface EventRow {
  /** `member`: a row of member_events (a like, match, balance, photo decision or removed conversation). */
  type: 'message' | 'read' | 'member';
  seq: string;
  id: number | null;
  conversation_id: number | null;
  sender_id: number | null;
  kind: 'text' | 'gift' | 'photo' | null;
  body: string | null;
  gift_key: string | null;
  photo_filename: string | null;
  created_at: Date | null;
  held: boolean | null;
  removed_at: Date | null;
  reader: number | null;
  read_seq: string | null;
  /** member_events.kind and .data (type `member` only). */
  event_kind: string | null;
  data: Record<string, unknown> | null;
}

/**
 * The arrays are read through scalar subqueries: PostgreSQL then plans the statement once per connection. Given as
 * bare parameters, each execution's arrays were planned again (their length changes the estimate), 0.2 ms of the
 * database's CPU on every look of the streams.
 */
const eventsAfterManyQuery = statement(
  'chat_events_after_many',
  (feeds: ReadonlyArray<{ userId: number; after: number }>, limit: number) => sql`SELECT f.user_id, e.*
     FROM unnest((SELECT ${feeds.map((f) => f.userId)}::int[]), (SELECT ${feeds.map((f) => f.after)}::bigint[])) WITH ORDINALITY AS f(user_id, after, n)
     CROSS JOIN LATERAL (
       SELECT * FROM (
         SELECT 'message' AS type, m.seq, m.id, m.conversation_id, m.sender_id, m.kind, m.body, m.gift_key, m.photo_filename,
                m.created_at, m.held, m.removed_at, NULL::int AS reader, NULL::bigint AS read_seq, NULL::text AS event_kind,
                NULL::jsonb AS data
         FROM conversation_members me JOIN messages m ON m.conversation_id = me.conversation_id
         WHERE me.user_id = f.user_id AND m.seq > f.after AND m.seq > me.cleared_seq AND (NOT m.held OR m.sender_id = f.user_id)
         UNION ALL
         SELECT 'read', o.read_event_seq, NULL, o.conversation_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, o.user_id, o.read_seq,
                NULL, NULL
         FROM conversation_members me JOIN conversation_members o ON o.conversation_id = me.conversation_id
         WHERE me.user_id = f.user_id AND o.read_event_seq > f.after
         UNION ALL
         SELECT 'member', e.seq, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, e.kind, e.data
         FROM member_events e WHERE e.user_id = f.user_id AND e.seq > f.after
       ) u ORDER BY seq LIMIT ${limit}
     ) e
     ORDER BY f.n, e.seq`,
);

/**
 * The members' events, each after his own position, in order per member and at most `limit` each: messages of his
 * conversations (what he removed is gone, held ones only his own), moved read markers and his member_events. One statement for
 * several members (the streams of one instance read together); `user_id` names whose they are.
 */
export async function eventsAfterMany(
  db: Db,
  feeds: ReadonlyArray<{ userId: number; after: number }>,
  limit: number,
): Promise<Array<EventRow & { user_id: number }>> {
  if (feeds.length === 0) return [];
  return db.query<EventRow & { user_id: number }>(eventsAfterManyQuery(feeds, limit));
}

const membersWithEventsQuery = statement(
  'chat_members_with_events_after',
  (feeds: ReadonlyArray<{ userId: number; after: number }>) => sql`SELECT f.user_id
     FROM unnest(${feeds.map((f) => f.userId)}::int[], ${feeds.map((f) => f.after)}::bigint[]) AS f(user_id, after)
     WHERE EXISTS (SELECT 1 FROM conversation_members me JOIN messages m ON m.conversation_id = me.conversation_id
                   WHERE me.user_id = f.user_id AND m.seq > f.after AND m.seq > me.cleared_seq AND (NOT m.held OR m.sender_id = f.user_id))
        OR EXISTS (SELECT 1 FROM conversation_members me JOIN conversation_members o ON o.conversation_id = me.conversation_id
                   WHERE me.user_id = f.user_id AND o.read_event_seq > f.after)
        OR EXISTS (SELECT 1 FROM member_events e WHERE e.user_id = f.user_id AND e.seq > f.after)`,
);

/**
 * Which of the members have an event (as eventsAfterMany reads them) past their position: the catch-up asks this for
 * every member with an open stream in one query, and only those read their events.
 */
export async function membersWithEventsAfter(db: Db, feeds: ReadonlyArray<{ userId: number; after: number }>): Promise<Set<number>> {
  if (feeds.length === 0) return new Set();
  const rows = await db.query<{ user_id: number }>(membersWithEventsQuery(feeds));
  return new Set(rows.map((r) => r.user_id));
}

const liveSessionsQuery = statement(
  'chat_live_sessions',
  (ids: readonly string[]) => sql`SELECT id FROM sessions WHERE id = ANY(${ids}::text[]) AND expires_at > now()`,
);

/** Which of the sessions behind open streams are still logged in. */
export async function liveSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(liveSessionsQuery(sessionIds));
  return new Set(rows.map((r) => r.id.trim()));
}

/**
 * Whether the member may see the chat photo stored as `filename` (its full variant): he is one of the two members of
 * its conversation, has not removed it from his view, it is delivered (or his own held one), and moderation has not
 * removed it (then nobody sees it, the sender neither).
 */
export async function canSeePhoto(db: Db, userId: number, filename: string): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM messages m
     JOIN conversation_members me ON me.conversation_id = m.conversation_id AND me.user_id = ${userId}
     WHERE m.photo_filename = ${filename} AND m.kind = 'photo' AND m.removed_at IS NULL AND m.seq > me.cleared_seq
       AND (NOT m.held OR m.sender_id = ${userId})
     LIMIT 1`,
  );
  return rows.length > 0;
}

// The rows of open event streams (stream.ts): one per stream, capped per member. Prepared statements: every stream
// that opens or closes runs them.

const insertEventStreamQuery = statement(
  'chat_event_stream_insert',
  (id: string, userId: number) => sql`INSERT INTO event_streams (id, user_id) VALUES (${id}, ${userId})`,
);

export async function insertEventStream(db: Db, id: string, userId: number): Promise<void> {
  await db.query(insertEventStreamQuery(id, userId));
}

const deleteStreamsBeyondQuery = statement(
  'chat_event_streams_beyond',
  (userId: number, keep: number) => sql`DELETE FROM event_streams WHERE id IN (
           SELECT id FROM event_streams WHERE user_id = ${userId} ORDER BY seq DESC OFFSET ${keep})
         RETURNING id`,
);

/** Removes the member's stream rows beyond the newest `keep`; answers the removed ids. */
export async function deleteStreamsBeyond(db: Db, userId: number, keep: number): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(deleteStreamsBeyondQuery(userId, keep));
}

const deleteEventStreamQuery = statement('chat_event_stream_delete', (id: string) => sql`DELETE FROM event_streams WHERE id = ${id}`);

export async function deleteEventStream(db: Db, id: string): Promise<void> {
  await db.query(deleteEventStreamQuery(id));
}
