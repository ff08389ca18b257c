import type { Bus } from './bus';
import { sql, statement, type Db } from './db';

/**
 * Live events: what a member's open pages learn without asking. Any component publishes here — in its transaction
 * `recordMemberEvent` (or `recordBalance`), after the commit `tell` — and the chat component's event stream
 * (GET /api/events.php) reads the rows and listens on the bus. Chat messages and read markers are events of the same
 * numbering (`chat_event_seq`), written by the chat repository under the same lock.
 */

/**
 * Writers of chat events (a delivered message, a moved read marker, a member event) take this advisory transaction
 * lock right before they draw a number of `chat_event_seq` (migration 013): numbers then become visible in the order
 * they were drawn, so a stream reading "everything after n" never skips an event that commits late. Held only until
 * the commit.
 */
export const CHAT_EVENT_LOCK = 7_313_012;

/**
 * The member's events beyond messages and read markers (table member_events), streamed by GET /api/events.php in one
 * order with them. Each kind names its data:
 * - `like`: another member liked him ({ profile }); `match`: a like made a match ({ profile });
 * - `balance`: his credits changed outside a send he made himself — a payment settled, a refund went out
 *   ({ credits, paid_user });
 * - `photo`: moderation decided one of his photos ({ photo, status: approved | refused });
 * - `conversation_removed`: he removed a conversation ({ conversation }), so his other tabs and devices drop it;
 * - `message_removed`: moderation removed a message of one of his conversations, his own or the other member's
 *   ({ conversation, message, removed_at }), so an open conversation shows its placeholder instead of its text or photo;
 * - `verification`: a moderator decided his verification selfie ({ status: approved | refused });
 * - `statement`: a moderator's decision about him came with a statement of reasons ({ statement, action }), so his open
 *   pages show its notice.
 */
export type MemberEvent =
  | { kind: 'like' | 'match'; data: { profile: number } }
  | { kind: 'balance'; data: { credits: number; paid_user: boolean } }
  | { kind: 'photo'; data: { photo: number; status: 'approved' | 'refused' } }
  | { kind: 'conversation_removed'; data: { conversation: number } }
  | { kind: 'message_removed'; data: { conversation: number; message: number; removed_at: string } }
  | { kind: 'verification'; data: { status: 'approved' | 'refused' } }
  | { kind: 'statement'; data: { statement: number; action: string } };

const insertMemberEvent = statement(
  'member_event_insert',
  (userId: number, kind: MemberEvent['kind'], data: string) =>
    sql`WITH event_lock AS (SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::bigint))
   INSERT INTO member_events (user_id, kind, data) SELECT ${userId}::int, ${kind}::text, ${data}::jsonb FROM event_lock`,
);

/**
 * Records an event for the member in the caller's transaction. It takes the site-wide chat event lock (held until the
 * commit, so numbers become visible in the order they were drawn): call it as the last write of the transaction.
 * After the commit, `tell` says "look" to the members' streams.
 */
export async function recordMemberEvent(tx: Db, userId: number, event: MemberEvent): Promise<void> {
  await tx.query(insertMemberEvent(userId, event.kind, JSON.stringify(event.data)));
}

/** The balance event from the member's row as the transaction sees it now (after the change). */
export async function recordBalance(tx: Db, userId: number): Promise<void> {
  const [row] = await tx.query<{ credits: number; paid_user: boolean }>(sql`SELECT credits, paid_user FROM users WHERE id = ${userId}`);
  if (row) await recordMemberEvent(tx, userId, { kind: 'balance', data: { credits: row.credits, paid_user: row.paid_user } });
}

/** After the commit: the members' streams on every instance look (a lost notification waits for the catch-up). */
export async function tell(bus: Bus | undefined, userIds: readonly number[]): Promise<void> {
  if (bus && userIds.length > 0) await bus.publish([...new Set(userIds)], { type: 'look' });
}

/** Events older than this are removed by the cleanup job. */
const KEEP_DAYS = 7;

export async function deleteOldMemberEvents(db: Db): Promise<number> {
  const rows = await db.query(sql`DELETE FROM member_events WHERE created_at < now() - make_interval(days => ${KEEP_DAYS}) RETURNING 1`);
  return rows.length;
}
