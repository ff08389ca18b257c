import { createHash } from 'node:crypto';
import { raw, sql, type Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { ensureMain } from '../photos/index';
import { isoOrInfinity } from './decision-repository';

/**
 * The effects of moderation decisions on the rest of the site. They are derived from the decisions that stand and
 * kept on the member's rows (users.suspended_until, users.restricted_until, profiles.hidden_until) in the decision's
 * transaction; the other components read those columns with a time comparison, so an effect ends by itself.
 */

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

/**
 * The address as one mailbox: lower case, without a `+tag`, and for Gmail without dots (Gmail ignores both), so a
 * banned member cannot sign up again with a variant of his address.
 */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at).replace(/\+.*$/, '');
  let domain = trimmed.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

const addressHash = (address: string) => createHash('sha256').update(normaliseAddress(address)).digest('hex');

export async function banAddress(db: Db, siteId: number, memberId: number, decisionId: number): Promise<void> {
  const [row] = await db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${memberId}`);
  if (!row) return;
  await db.query(
    sql`INSERT INTO safety_banned_addresses (site_id, address_hash, decision_id)
        VALUES (${siteId}, ${addressHash(row.email)}, ${decisionId}) ON CONFLICT DO NOTHING`,
  );
}

/** Whether a ban that stands covers this address on the site (signup then creates a decoy, saying nothing). */
export async function isBannedAddress(db: Db, siteId: number, address: string): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM safety_banned_addresses b JOIN safety_decisions d ON d.id = b.decision_id
        WHERE b.site_id = ${siteId} AND b.address_hash = ${addressHash(address)} AND d.reversed_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Called by chat before a new conversation is created: a restricted or suspended sender starts none (403
 * account_restricted); a suspended partner is answered like an unknown member.
 */
export async function assertMayStartConversation(db: Db, senderId: number, partnerId: number): Promise<void> {
  const rows = await db.query<{ id: number; limited: boolean; suspended: boolean }>(
    sql`SELECT id, coalesce(greatest(restricted_until, suspended_until) > now(), false) AS limited,
               coalesce(suspended_until > now(), false) AS suspended
        FROM users WHERE id = ANY(${[senderId, partnerId]}::int[])`,
  );
  if (rows.find((r) => r.id === senderId)?.limited) throw new AppError(403, 'account_restricted');
  if (rows.find((r) => r.id === partnerId)?.suspended) throw notFound();
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

export type ContentKind = 'photo' | 'message' | 'profile_text';

/**
 * Soft-deletes the member's content; answers what is needed to restore it, or null when there is no such content of
 * his (left to the caller to refuse). A photo becomes `rejected` (nobody else sees it; the main flag moves on); a
 * message keeps its row, marked removed, its text kept in the decision; the profile text is emptied.
 */
export async function removeContent(
  db: Db,
  memberId: number,
  kind: ContentKind,
  id: number | null,
): Promise<Record<string, unknown> | null> {
  if (kind === 'photo') {
    const [row] = await db.query<{ status: string }>(
      sql`UPDATE photos ph SET status = 'rejected', is_main = false, updated_at = now()
          FROM (SELECT id, status FROM photos WHERE id = ${id} AND user_id = ${memberId} AND status <> 'rejected' FOR UPDATE) old
          WHERE ph.id = old.id RETURNING old.status`,
    );
    if (!row) return null;
    await ensureMain(db, memberId);
    return { status: row.status };
  }
  if (kind === 'message') {
    const [row] = await db.query<{ body: string }>(
      sql`UPDATE messages m SET body = '', removed_at = now(), updated_at = now()
          FROM (SELECT id, body FROM messages WHERE id = ${id} AND sender_id = ${memberId} AND removed_at IS NULL FOR UPDATE) old
          WHERE m.id = old.id RETURNING old.body`,
    );
    return row ? { body: row.body } : null;
  }
  const [row] = await db.query<{ about: string }>(
    sql`UPDATE profiles p SET about = '', updated_at = now()
        FROM (SELECT user_id, about FROM profiles WHERE user_id = ${memberId} FOR UPDATE) old
        WHERE p.user_id = old.user_id RETURNING old.about`,
  );
  return row ? { about: row.about } : null;
}

/** Restores removed content where it still exists (a deleted photo or chat stays gone; a new profile text stays). */
export async function restoreContent(
  db: Db,
  memberId: number,
  kind: ContentKind,
  id: number | null,
  removed: Record<string, unknown>,
): Promise<void> {
  if (kind === 'photo') {
    const status = removed.status === 'pending' ? 'pending' : 'approved';
    await db.query(
      sql`UPDATE photos SET status = ${status}, updated_at = now() WHERE id = ${id} AND user_id = ${memberId} AND status = 'rejected'`,
    );
    await ensureMain(db, memberId);
  } else if (kind === 'message') {
    await db.query(
      sql`UPDATE messages SET body = ${String(removed.body ?? '')}, removed_at = NULL, updated_at = now()
          WHERE id = ${id} AND sender_id = ${memberId} AND removed_at IS NOT NULL`,
    );
  } else {
    await db.query(
      sql`UPDATE profiles SET about = ${String(removed.about ?? '')}, updated_at = now() WHERE user_id = ${memberId} AND about = ''`,
    );
  }
}
