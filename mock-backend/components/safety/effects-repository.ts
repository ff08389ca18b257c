import { raw, sql, type Db } from '../../lib/db';
import { isoOrInfinity } from './decision-repository';

// The SQL of the effects of moderation decisions (effects.ts): the member's rows, banned addresses, removed content.

/** Recomputes the member's suspension and restriction from his decisions that stand (not reversed, not over). */
export async function recomputeEffects(db: Db, memberId: number): Promise<void> {
  await db.query(
    sql`UPDATE users u SET suspended_until = e.suspended, restricted_until = e.restricted, updated_at = now()
        FROM (SELECT max(until) FILTER (WHERE action IN ('suspend', 'ban')) AS suspended,
                     max(until) FILTER (WHERE action = 'restrict') AS restricted
              FROM safety_decisions WHERE member_id = ${memberId} AND reversed_at IS NULL AND until > now()) e
        WHERE u.id = ${memberId}`,
  );
  // Search also leaves out a profile while an automated hiding stands (until a moderator decides).
  await db.query(
    sql`UPDATE profiles p SET updated_at = now(), hidden_until = greatest(u.suspended_until, u.restricted_until,
          (SELECT max(until) FROM safety_decisions
           WHERE member_id = ${memberId} AND action = 'hide' AND reversed_at IS NULL AND until > now()))
        FROM users u WHERE u.id = p.user_id AND p.user_id = ${memberId}`,
  );
}

/** Ends every session of the member (a suspension or ban). */
export async function endSessions(db: Db, memberId: number): Promise<void> {
  await db.query(sql`DELETE FROM sessions WHERE user_id = ${memberId}`);
}

/** The suspension in force for the member, with the decision that set it (the latest ending last). */
export async function suspensionOf(db: Db, memberId: number): Promise<{ until: string; decisionId: number; ban: boolean } | null> {
  const [row] = await db.query<{ until: string; id: number; ban: boolean }>(
    sql`SELECT ${isoOrInfinity(raw('until'))} AS until, id, action = 'ban' AS ban
        FROM safety_decisions
        WHERE member_id = ${memberId} AND action IN ('suspend', 'ban') AND reversed_at IS NULL AND until > now()
        ORDER BY until DESC, id DESC LIMIT 1`,
  );
  return row ? { until: row.until, decisionId: row.id, ban: row.ban } : null;
}

export async function memberEmail(db: Db, memberId: number): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${memberId}`);
  return row?.email;
}

export async function insertBannedAddress(db: Db, siteId: number, addressHash: string, decisionId: number): Promise<void> {
  await db.query(
    sql`INSERT INTO safety_banned_addresses (site_id, address_hash, decision_id)
        VALUES (${siteId}, ${addressHash}, ${decisionId}) ON CONFLICT DO NOTHING`,
  );
}

/** Whether a ban that stands covers the address (by its hash) on the site. */
export async function standingBan(db: Db, siteId: number, addressHash: string): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM safety_banned_addresses b JOIN safety_decisions d ON d.id = b.decision_id
        WHERE b.site_id = ${siteId} AND b.address_hash = ${addressHash} AND d.reversed_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether each member is limited (restricted or suspended) or suspended now. */
export async function limitsOf(db: Db, ids: number[]): Promise<{ id: number; limited: boolean; suspended: boolean }[]> {
  return db.query<{ id: number; limited: boolean; suspended: boolean }>(
    sql`SELECT id, coalesce(greatest(restricted_until, suspended_until) > now(), false) AS limited,
               coalesce(suspended_until > now(), false) AS suspended
        FROM users WHERE id = ANY(${ids}::int[])`,
  );
}

/** The member's photo becomes `rejected`; answers its former status (undefined: no such photo of his, or rejected). */
export async function rejectPhoto(db: Db, memberId: number, id: number | null): Promise<{ status: string } | undefined> {
  const [row] = await db.query<{ status: string }>(
    sql`UPDATE photos ph SET status = 'rejected', is_main = false, updated_at = now()
          FROM (SELECT id, status FROM photos WHERE id = ${id} AND user_id = ${memberId} AND status <> 'rejected' FOR UPDATE) old
          WHERE ph.id = old.id RETURNING old.status`,
  );
  return row;
}

/** The member's message is marked removed and emptied; answers its text (undefined: no such message of his). */
export async function removeMessage(db: Db, memberId: number, id: number | null): Promise<{ body: string } | undefined> {
  const [row] = await db.query<{ body: string }>(
    sql`UPDATE messages m SET body = '', removed_at = now(), updated_at = now()
          FROM (SELECT id, body FROM messages WHERE id = ${id} AND sender_id = ${memberId} AND removed_at IS NULL FOR UPDATE) old
          WHERE m.id = old.id RETURNING old.body`,
  );
  return row;
}

/** The member's profile text is emptied; answers the former text (undefined: no profile). */
export async function emptyProfileText(db: Db, memberId: number): Promise<{ about: string } | undefined> {
  const [row] = await db.query<{ about: string }>(
    sql`UPDATE profiles p SET about = '', updated_at = now()
        FROM (SELECT user_id, about FROM profiles WHERE user_id = ${memberId} FOR UPDATE) old
        WHERE p.user_id = old.user_id RETURNING old.about`,
  );
  return row;
}

export async function restorePhoto(db: Db, memberId: number, id: number | null, status: 'pending' | 'approved'): Promise<void> {
  await db.query(
    sql`UPDATE photos SET status = ${status}, updated_at = now() WHERE id = ${id} AND user_id = ${memberId} AND status = 'rejected'`,
  );
}

/** A removed message's conversation, when it was removed and the members of its conversation (undefined: no such message). */
export async function removedMessage(
  db: Db,
  id: number,
): Promise<{ conversation_id: number; removed_at: Date; members: number[] } | undefined> {
  const [row] = await db.query<{ conversation_id: number; removed_at: Date; members: number[] }>(
    sql`SELECT m.conversation_id, m.removed_at,
               array(SELECT cm.user_id FROM conversation_members cm WHERE cm.conversation_id = m.conversation_id ORDER BY cm.user_id) AS members
        FROM messages m WHERE m.id = ${id} AND m.removed_at IS NOT NULL`,
  );
  return row;
}

export async function restoreMessage(db: Db, memberId: number, id: number | null, body: string): Promise<void> {
  await db.query(
    sql`UPDATE messages SET body = ${body}, removed_at = NULL, updated_at = now()
          WHERE id = ${id} AND sender_id = ${memberId} AND removed_at IS NOT NULL`,
  );
}

export async function restoreProfileText(db: Db, memberId: number, about: string): Promise<void> {
  await db.query(sql`UPDATE profiles SET about = ${about}, updated_at = now() WHERE user_id = ${memberId} AND about = ''`);
}
