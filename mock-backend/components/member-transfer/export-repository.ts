import { sql, type Db } from '../../lib/db';

/**
 * The export's SQL: what members did on this backend since a time, read page by page in id order (keyset), so an
 * export of any size holds one page in memory. Rows that came from the PHP service and were not changed here are left
 * out: the PHP service has them.
 */

export interface MemberExportRow {
  id: number;
  host: string;
  email: string;
  status: 'active' | 'not_confirmed' | 'deleted';
  language: string;
  signup_date: Date | string;
  last_active_at: Date | string;
  deleted_at: Date | string | null;
  paid_user: boolean;
  mail_off: string[];
  name: string;
  profile_status: 'active' | 'disabled';
  country: string | null;
  region: string | null;
  birth_date: string | null;
  about: string;
  gender: string | null;
  sexuality: string | null;
  relationship_status: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  tattoos: boolean | null;
  looking_for: string[];
  position: string | null;
  tribes: string[];
  height_cm: number | null;
  weight_kg: number | null;
  pronouns: string | null;
  invisible: boolean;
  fictional: boolean;
  lat: number | null;
  lon: number | null;
  interests: string[];
}

/**
 * Members who signed up here, or whose account or profile changed here after their data last came from the PHP
 * service. Never staff accounts, never the decoy accounts of a signup with a known address, never a password.
 */
export async function membersSince(db: Db, since: Date, afterId: number, limit: number): Promise<MemberExportRow[]> {
  return db.query<MemberExportRow>(sql`SELECT u.id, s.host, u.email, u.status, u.language, u.signup_date, u.last_active_at,
       u.deleted_at, u.paid_user, u.mail_off, p.name, p.status AS profile_status, p.country, r.code AS region,
       to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.about, p.gender, p.sexuality, p.relationship_status, p.hair_colour,
       p.eye_colour, p.body_type, p.tattoos, p.looking_for, p.position, p.tribes, p.height_cm, p.weight_kg, p.pronouns,
       p.invisible, p.fictional, p.lat, p.lon,
       ARRAY(SELECT i.key FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id
             WHERE pi.user_id = u.id ORDER BY i.key) AS interests
     FROM users u
     JOIN profiles p ON p.user_id = u.id
     JOIN sites s ON s.id = u.site_id
     LEFT JOIN regions r ON r.id = p.region_id
     WHERE u.id > ${afterId} AND u.role = 'member' AND u.shown_email IS NULL AND u.purged_at IS NULL
       AND ((u.origin = 'local' AND greatest(u.created_at, u.updated_at, p.updated_at) >= ${since})
         OR (u.origin = 'legacy' AND greatest(u.updated_at, p.updated_at) >= ${since}
             AND greatest(u.updated_at, p.updated_at) > coalesce(u.legacy_synced_at, '-infinity')))
     ORDER BY u.id LIMIT ${limit}`);
}

export async function likesSince(
  db: Db,
  since: Date,
  afterId: number,
  limit: number,
): Promise<{ id: number; liker_id: number; liked_id: number; created_at: Date | string; is_new: boolean; is_auto: boolean }[]> {
  return db.query(sql`SELECT id, liker_id, liked_id, created_at, is_new, is_auto FROM likes
     WHERE created_at >= ${since} AND id > ${afterId} ORDER BY id LIMIT ${limit}`);
}

export async function blocksSince(
  db: Db,
  since: Date,
  after: { blocker: number; blocked: number },
  limit: number,
): Promise<{ blocker_id: number; blocked_id: number; created_at: Date | string }[]> {
  return db.query(sql`SELECT blocker_id, blocked_id, created_at FROM blocks
     WHERE created_at >= ${since} AND (blocker_id, blocked_id) > (${after.blocker}::int, ${after.blocked}::int)
     ORDER BY blocker_id, blocked_id LIMIT ${limit}`);
}

/** A message this backend delivered: not one it holds for an unconfirmed sender, not one moderation removed. */
const DELIVERED = sql`m.legacy_key IS NULL AND NOT m.held AND m.removed_at IS NULL AND m.kind IN ('text', 'gift')`;

/** Conversations started here since the time, or with a message written here since then. */
export async function conversationsSince(
  db: Db,
  since: Date,
  afterId: number,
  limit: number,
): Promise<{ id: number; legacy_key: string | null; members: number[]; started_by: number | null; created_at: Date | string }[]> {
  return db.query(sql`SELECT c.id, c.legacy_key, c.started_by, c.created_at,
       ARRAY(SELECT cm.user_id FROM conversation_members cm WHERE cm.conversation_id = c.id ORDER BY cm.user_id) AS members
     FROM conversations c
     WHERE c.id > ${afterId}
       AND ((c.legacy_key IS NULL AND c.created_at >= ${since})
         OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.created_at >= ${since} AND ${DELIVERED}))
     ORDER BY c.id LIMIT ${limit}`);
}

export async function messagesSince(
  db: Db,
  since: Date,
  afterSeq: string,
  limit: number,
): Promise<
  {
    id: number;
    seq: string;
    conversation_id: number;
    conversation_key: string | null;
    sender_id: number;
    kind: 'text' | 'gift';
    body: string;
    gift_key: string | null;
    credits_cost: number;
    created_at: Date | string;
  }[]
> {
  return db.query(sql`SELECT m.id, m.seq::text, m.conversation_id, c.legacy_key AS conversation_key, m.sender_id, m.kind, m.body,
       m.gift_key, m.credits_cost, m.created_at
     FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.seq > ${afterSeq}::bigint AND m.created_at >= ${since} AND ${DELIVERED}
     ORDER BY m.seq LIMIT ${limit}`);
}

/**
 * Ledger rows written here since the time, each member's in the order they were written. A row that opened a
 * bought lot carries what was paid for it.
 */
export async function ledgerSince(
  db: Db,
  since: Date,
  after: { userId: number; id: number },
  limit: number,
): Promise<
  {
    id: number;
    user_id: number;
    delta: number;
    reason: string;
    ref: string | null;
    created_at: Date | string;
    amount_minor: number | null;
    currency: string | null;
  }[]
> {
  return db.query(sql`SELECT g.id, g.user_id, g.delta, g.reason, g.ref, g.created_at,
       CASE WHEN opening.id = g.id THEN l.amount_minor END AS amount_minor,
       CASE WHEN opening.id = g.id THEN l.currency END AS currency
     FROM credit_ledger g
     LEFT JOIN credit_lots l ON l.id = g.lot_id AND l.kind = 'paid' AND g.delta > 0
     LEFT JOIN LATERAL (SELECT min(o.id) AS id FROM credit_ledger o WHERE o.lot_id = l.id) opening ON true
     WHERE g.legacy_key IS NULL AND g.created_at >= ${since} AND (g.user_id, g.id) > (${after.userId}::int, ${after.id}::int)
     ORDER BY g.user_id, g.id LIMIT ${limit}`);
}
