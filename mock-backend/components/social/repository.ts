import type { Db } from '../../lib/db';
import { SUMMARY_COLUMNS, SUMMARY_JOINS, VISIBLE, type SummaryRow } from '../members/repository';
import { notBlocked } from '../privacy/repository';

export interface ChatRow extends SummaryRow {
  conversation: number;
  num_unread_messages: number;
  last_message_at: Date | null;
}

export async function listChats(db: Db, userId: number): Promise<ChatRow[]> {
  return db.query<ChatRow>(
    // Unread = the other member's delivered messages past the read marker (migration 013), not a stored flag.
    `SELECT c.id AS conversation, c.last_message_at, ${SUMMARY_COLUMNS},
       (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> me.user_id AND NOT m.held
          AND m.seq > greatest(me.read_seq, me.cleared_seq)) AS num_unread_messages
     FROM conversation_members me
     JOIN conversations c ON c.id = me.conversation_id
     JOIN conversation_members other ON other.conversation_id = c.id AND other.user_id <> me.user_id
     JOIN users u ON u.id = other.user_id ${SUMMARY_JOINS}
     WHERE me.user_id = $1 AND me.deleted_at IS NULL AND u.status <> 'deleted' AND ${notBlocked('$1', 'u.id')}
     ORDER BY c.last_message_at DESC NULLS LAST, c.id DESC`,
    [userId],
  );
}

/** Hides a conversation from the member's list; false when the member is not in it. */
export async function hideConversation(db: Db, userId: number, conversationId: number): Promise<boolean> {
  const rows = await db.query(
    // cleared_seq (migration 013): what was there is gone for him, also if the conversation comes back with a new message.
    `UPDATE conversation_members SET deleted_at = now(), unread_count = 0, updated_at = now(),
       cleared_seq = coalesce((SELECT max(seq) FROM messages WHERE conversation_id = $1), 0)
     WHERE conversation_id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING conversation_id`,
    [conversationId, userId],
  );
  return rows.length > 0;
}

export interface LikeRow extends SummaryRow {
  direction: 'received' | 'given';
  like_new: boolean;
  match: boolean;
  created_at: Date;
}

/** Likes received (new first) and given, each with the other member's summary. */
export async function listLikes(db: Db, userId: number): Promise<LikeRow[]> {
  return db.query<LikeRow>(
    `SELECT l.direction, l.like_new, l.match, l.created_at, ${SUMMARY_COLUMNS}
     FROM (
       SELECT r.liker_id AS other_id, 'received' AS direction, r.is_new AS like_new, r.created_at,
              EXISTS (SELECT 1 FROM likes g WHERE g.liker_id = r.liked_id AND g.liked_id = r.liker_id) AS match
       FROM likes r WHERE r.liked_id = $1
       UNION ALL
       SELECT g.liked_id, 'given', false, g.created_at,
              EXISTS (SELECT 1 FROM likes r WHERE r.liker_id = g.liked_id AND r.liked_id = g.liker_id)
       FROM likes g WHERE g.liker_id = $1
     ) l
     JOIN users u ON u.id = l.other_id ${SUMMARY_JOINS}
     WHERE ${VISIBLE} AND ${notBlocked('$1', 'u.id')}
     ORDER BY (l.direction = 'received' AND l.like_new) DESC, l.created_at DESC, u.id DESC
     LIMIT 500`,
    [userId],
  );
}

/** Picks a profile that may like the member automatically: active, not yet liking them, fictional first. */
export async function pickAutoLiker(db: Db, siteId: number, userId: number): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = $1 AND u.id <> $2 AND ${VISIBLE} AND NOT p.invisible
       AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = u.id AND l.liked_id = $2)
       AND ${notBlocked('$2', 'u.id')}
       -- invisible members get no new likes (SPEC §4)
       AND NOT EXISTS (SELECT 1 FROM profiles me WHERE me.user_id = $2 AND me.invisible)
     ORDER BY p.fictional DESC, random()
     LIMIT 1`,
    [siteId, userId],
  );
  return row?.id ?? null;
}

export async function insertLike(db: Db, likerId: number, likedId: number, options: { auto?: boolean } = {}): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO likes (liker_id, liked_id, is_auto) VALUES ($1, $2, $3) ON CONFLICT (liker_id, liked_id) DO NOTHING RETURNING id`,
    [likerId, likedId, options.auto === true],
  );
  return rows.length > 0;
}

/** The liker of the member's most recent auto-like, if it is younger than `seconds`. */
export async function recentAutoLiker(db: Db, userId: number, seconds: number): Promise<number | null> {
  const [row] = await db.query<{ liker_id: number }>(
    `SELECT liker_id FROM likes
     WHERE liked_id = $1 AND is_auto AND created_at > now() - make_interval(secs => $2)
     ORDER BY created_at DESC LIMIT 1`,
    [userId, seconds],
  );
  return row?.liker_id ?? null;
}

export async function findSummary(db: Db, userId: number): Promise<SummaryRow | null> {
  const [row] = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM users u ${SUMMARY_JOINS} WHERE u.id = $1`, [userId]);
  return row ?? null;
}
