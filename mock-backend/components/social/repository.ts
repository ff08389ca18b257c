import { raw, sql, statement, type Db } from '../../lib/db';
import { SUMMARY_COLUMNS, SUMMARY_JOINS, VISIBLE, type SummaryRow } from '../members/index';
import { notBlocked } from '../privacy/index';

export interface ChatRow extends SummaryRow {
  conversation: number;
  num_unread_messages: number;
  last_message_at: Date | null;
  last_kind: 'text' | 'gift' | 'photo' | null;
  last_body: string | null;
  last_gift: string | null;
  last_mine: boolean | null;
}

/**
 * The member's conversations (chats.php, the chats page): prepared once, so PostgreSQL plans it once per connection
 * instead of on every call (its planning took twice its execution on the embedded database: 2.3 ms of a 2.6 ms call).
 */
const chatList = statement(
  'social_chat_list',
  (userId: number) =>
    // Unread = the other member's delivered messages past the read marker (migration 013), not a stored flag.
    // The last message: the newest the member can see (past what he cleared; a held one only for its sender; none that
    // moderation removed, so a removed photo or text never shows in the list).
    sql`SELECT c.id AS conversation, c.last_message_at, ${SUMMARY_COLUMNS},
       lm.kind AS last_kind, lm.body AS last_body, lm.gift_key AS last_gift, lm.sender_id = me.user_id AS last_mine,
       (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> me.user_id AND NOT m.held
          AND m.seq > greatest(me.read_seq, me.cleared_seq)) AS num_unread_messages
     FROM conversation_members me
     JOIN conversations c ON c.id = me.conversation_id
     JOIN conversation_members other ON other.conversation_id = c.id AND other.user_id <> me.user_id
     JOIN users u ON u.id = other.user_id ${SUMMARY_JOINS}
     LEFT JOIN LATERAL (SELECT m.kind, m.body, m.gift_key, m.sender_id FROM messages m
       WHERE m.conversation_id = c.id AND m.seq > me.cleared_seq AND (NOT m.held OR m.sender_id = me.user_id) AND m.removed_at IS NULL
       ORDER BY m.seq DESC LIMIT 1) lm ON true
     WHERE me.user_id = ${userId} AND me.deleted_at IS NULL AND u.status <> 'deleted' AND ${notBlocked(userId, raw('u.id'))}
     ORDER BY c.last_message_at DESC NULLS LAST, c.id DESC`,
);

export async function listChats(db: Db, userId: number): Promise<ChatRow[]> {
  return db.query<ChatRow>(chatList(userId));
}

/**
 * Hides a conversation from the member's list (call it in a transaction); null when the member is not in it. What
 * was there is gone for him (cleared_seq, migration 013), also if the conversation comes back with a new message;
 * the other member keeps seeing it. Photo messages that neither member can reach any more (both cleared past them)
 * are deleted here: their paths are answered so that the caller deletes the files after the commit.
 */
export async function hideConversation(tx: Db, userId: number, conversationId: number): Promise<{ photos: string[] } | null> {
  // Two members removing the chat at the same moment: one after the other, so the second sees the first's marker.
  await tx.query(sql`SELECT 1 FROM conversations WHERE id = ${conversationId} FOR NO KEY UPDATE`);
  const rows = await tx.query(
    sql`UPDATE conversation_members SET deleted_at = now(), unread_count = 0, updated_at = now(),
       cleared_seq = greatest(cleared_seq, coalesce((SELECT max(seq) FROM messages WHERE conversation_id = ${conversationId}), 0))
     WHERE conversation_id = ${conversationId} AND user_id = ${userId} AND deleted_at IS NULL RETURNING conversation_id`,
  );
  if (rows.length === 0) return null;
  // A delivered message's seq never changes (only held ones get a new number), so these stay out of reach for good.
  const photos = await tx.query<{ photo_filename: string }>(
    sql`DELETE FROM messages WHERE conversation_id = ${conversationId} AND kind = 'photo' AND NOT held
       AND seq <= (SELECT min(cleared_seq) FROM conversation_members WHERE conversation_id = ${conversationId})
     RETURNING photo_filename`,
  );
  return { photos: photos.map((p) => p.photo_filename) };
}

export interface LikeRow extends SummaryRow {
  direction: 'received' | 'given';
  like_new: boolean;
  match: boolean;
  created_at: Date;
}

/** Likes received (new first) and given, each with the other member's summary (likes.php): prepared once, as chatList. */
const likeList = statement(
  'social_like_list',
  (userId: number) =>
    sql`SELECT l.direction, l.like_new, l.match, l.created_at, ${SUMMARY_COLUMNS}
     FROM (
       -- an invisible member's like is never new (invisible members never show up as new likers)
       SELECT r.liker_id AS other_id, 'received' AS direction,
              r.is_new AND NOT EXISTS (SELECT 1 FROM profiles ip WHERE ip.user_id = r.liker_id AND ip.invisible) AS like_new, r.created_at,
              EXISTS (SELECT 1 FROM likes g WHERE g.liker_id = r.liked_id AND g.liked_id = r.liker_id) AS match
       FROM likes r WHERE r.liked_id = ${userId}
       UNION ALL
       SELECT g.liked_id, 'given', false, g.created_at,
              EXISTS (SELECT 1 FROM likes r WHERE r.liker_id = g.liked_id AND r.liked_id = g.liker_id)
       FROM likes g WHERE g.liker_id = ${userId}
     ) l
     JOIN users u ON u.id = l.other_id ${SUMMARY_JOINS}
     WHERE ${VISIBLE} AND ${notBlocked(userId, raw('u.id'))}
     ORDER BY (l.direction = 'received' AND l.like_new) DESC, l.created_at DESC, u.id DESC
     LIMIT 500`,
);

export async function listLikes(db: Db, userId: number): Promise<LikeRow[]> {
  return db.query<LikeRow>(likeList(userId));
}

export async function findSummary(db: Db, userId: number): Promise<SummaryRow | null> {
  const [row] = await db.query<SummaryRow>(sql`SELECT ${SUMMARY_COLUMNS} FROM users u ${SUMMARY_JOINS} WHERE u.id = ${userId}`);
  return row ?? null;
}

/** The navigation's counts (user.php, on every member page): prepared once. */
const navCountsOf = statement(
  'social_nav_counts',
  (userId: number) =>
    sql`SELECT
       (SELECT coalesce(sum(
          (SELECT count(*) FROM messages m WHERE m.conversation_id = me.conversation_id AND m.sender_id <> me.user_id
             AND NOT m.held AND m.seq > greatest(me.read_seq, me.cleared_seq))), 0)::int
        FROM conversation_members me
        JOIN conversation_members other ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
        JOIN users u ON u.id = other.user_id
        JOIN profiles p ON p.user_id = u.id
        WHERE me.user_id = ${userId} AND me.deleted_at IS NULL AND u.status <> 'deleted' AND ${notBlocked(userId, raw('u.id'))}) AS unread_messages,
       (SELECT count(*)::int
        FROM likes r
        JOIN users u ON u.id = r.liker_id
        JOIN profiles p ON p.user_id = u.id
        WHERE r.liked_id = ${userId} AND r.is_new AND NOT p.invisible AND ${VISIBLE} AND ${notBlocked(userId, raw('u.id'))}) AS new_likes`,
);

/**
 * The navigation counts of GET /user.php, by the same rules as the lists: unread messages over the
 * conversations listChats shows (`total_unread`), new likes over the received likes listLikes shows (`total_new`).
 * Counts only, so every page's user call stays cheap.
 */
export async function navCounts(db: Db, userId: number): Promise<{ unread_messages: number; new_likes: number }> {
  const [row] = await db.query<{ unread_messages: number; new_likes: number }>(navCountsOf(userId));
  return { unread_messages: row?.unread_messages ?? 0, new_likes: row?.new_likes ?? 0 };
}
