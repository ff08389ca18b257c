import type { Site } from '../../lib/context';
import { sql, type Db } from '../../lib/db';

/** SQL of members' data archives: the requests (once a day, 48 hours), the job's queue, and what an archive holds. */

export interface ExportRow {
  id: number;
  site_id: number;
  user_id: number;
  key: string;
  status: 'pending' | 'ready' | 'failed';
  statement_id: number | null;
  language: string;
  object_key: string | null;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  expired: boolean;
}

const COLUMNS = sql`id, site_id, user_id, key, status, statement_id, language, object_key, requested_at, ready_at, expires_at,
  coalesce(expires_at <= now(), false) AS expired`;

/** The member's latest request. */
export async function latestExport(db: Db, userId: number): Promise<ExportRow | null> {
  const [row] = await db.query<ExportRow>(sql`SELECT ${COLUMNS} FROM data_exports WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`);
  return row ?? null;
}

export async function exportByKey(db: Db, key: string): Promise<ExportRow | null> {
  const [row] = await db.query<ExportRow>(sql`SELECT ${COLUMNS} FROM data_exports WHERE key = ${key}`);
  return row ?? null;
}

/** Locks the member's row: his requests are taken one at a time, so two at once make one export. */
export async function lockMember(db: Db, userId: number): Promise<{ site_id: number; language: string } | null> {
  const [row] = await db.query<{ site_id: number; language: string }>(
    sql`SELECT site_id, language FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  return row ?? null;
}

/** When the member may ask again: a day after his last request, or null when he may now. */
export async function nextRequestAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.query<{ next: Date | null }>(
    sql`SELECT max(requested_at) + interval '1 day' AS next FROM data_exports WHERE user_id = ${userId} HAVING max(requested_at) + interval '1 day' > now()`,
  );
  return row?.next ?? null;
}

export async function insertExport(
  db: Db,
  e: { siteId: number; userId: number; key: string; statementId: number | null; language: string },
): Promise<void> {
  await db.query(
    sql`INSERT INTO data_exports (site_id, user_id, key, statement_id, language)
        VALUES (${e.siteId}, ${e.userId}, ${e.key}, ${e.statementId}, ${e.language})`,
  );
}

/** The oldest pending request, taken for building (another instance's job skips it). */
export async function takePending(db: Db): Promise<ExportRow | null> {
  const [row] = await db.query<ExportRow>(
    sql`SELECT ${COLUMNS} FROM data_exports WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return row ?? null;
}

export async function markReady(db: Db, id: number, objectKey: string, size: number, hours: number): Promise<void> {
  await db.query(
    sql`UPDATE data_exports SET status = 'ready', object_key = ${objectKey}, size_bytes = ${size}, ready_at = now(),
               expires_at = now() + make_interval(hours => ${hours}::int), updated_at = now()
        WHERE id = ${id}`,
  );
}

/** The member's address and what a mail of his site needs. */
export async function mailTarget(
  db: Db,
  userId: number,
  siteId: number,
): Promise<{ email: string; site: Pick<Site, 'id' | 'host' | 'name' | 'mail_name' | 'support_email' | 'domain'> } | null> {
  const [row] = await db.query<{ email: string; site: Pick<Site, 'id' | 'host' | 'name' | 'mail_name' | 'support_email' | 'domain'> }>(
    sql`SELECT u.email, jsonb_build_object('id', s.id, 'host', s.host, 'name', s.name, 'mail_name', s.mail_name,
                                           'support_email', s.support_email, 'domain', s.domain) AS site
        FROM users u JOIN sites s ON s.id = ${siteId} WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
  );
  return row ?? null;
}

/**
 * Runs `fn` in a savepoint of the job's transaction: when it fails, what it wrote is rolled back and the transaction
 * goes on (to mark the export failed), instead of being aborted as a whole.
 */
export async function inSavepoint<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  await tx.query(sql`SAVEPOINT data_export_build`);
  try {
    const result = await fn();
    await tx.query(sql`RELEASE SAVEPOINT data_export_build`);
    return result;
  } catch (err) {
    await tx.query(sql`ROLLBACK TO SAVEPOINT data_export_build`);
    throw err;
  }
}

/** Stores the hash of the archive's download token, under the member's current password (its device epoch). */
export async function setDownloadToken(db: Db, id: number, tokenHash: string): Promise<void> {
  await db.query(
    sql`UPDATE data_exports e SET download_token_hash = ${tokenHash}, password_epoch = u.device_epoch, updated_at = now()
        FROM users u WHERE e.id = ${id} AND u.id = e.user_id`,
  );
}

/** Whether the token is the archive's download token and the member's password is still the one it was issued under. */
export async function downloadTokenHolds(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM data_exports e JOIN users u ON u.id = e.user_id
        WHERE e.id = ${id} AND e.download_token_hash = ${tokenHash} AND e.password_epoch = u.device_epoch`,
  );
  return rows.length > 0;
}

export async function markFailed(db: Db, id: number): Promise<void> {
  await db.query(sql`UPDATE data_exports SET status = 'failed', updated_at = now() WHERE id = ${id}`);
}

/** Archives whose 48 hours are over and whose file is still stored. */
export async function expiredObjects(db: Db, limit: number): Promise<{ id: number; object_key: string }[]> {
  return db.query(
    sql`SELECT id, object_key FROM data_exports WHERE object_key IS NOT NULL AND expires_at <= now() ORDER BY id LIMIT ${limit}`,
  );
}

export async function forgetObject(db: Db, id: number): Promise<void> {
  await db.query(sql`UPDATE data_exports SET object_key = NULL, updated_at = now() WHERE id = ${id}`);
}

// ------------------------------------------------------------------------------------------------ the archive

type Json = Record<string, unknown>;

/**
 * The account row without secrets and internals (password hash, device epoch, the decoy address); a member who came
 * from the PHP service and has no address here yet shows none (not the placeholder standing in for it).
 */
export async function accountData(db: Db, userId: number): Promise<Json | null> {
  const [row] = await db.query<{ data: Json }>(
    sql`SELECT (to_jsonb(u) - ARRAY['password_hash', 'device_epoch', 'shown_email', 'purged_at', 'site_id']::text[])
               || CASE WHEN u.email LIKE '%@legacy.invalid' THEN '{"email": null}'::jsonb ELSE '{}'::jsonb END AS data
        FROM users u WHERE u.id = ${userId}`,
  );
  return row?.data ?? null;
}

export async function profileData(db: Db, userId: number): Promise<Json | null> {
  const [row] = await db.query<{ data: Json }>(
    sql`SELECT to_jsonb(p) - ARRAY['site_id', 'listed']::text[]
               || jsonb_build_object('interests', coalesce((SELECT jsonb_agg(i.key ORDER BY i.key) FROM profile_interests pi
                                                            JOIN interests i ON i.id = pi.interest_id WHERE pi.user_id = p.user_id), '[]'))
               AS data
        FROM profiles p WHERE p.user_id = ${userId}`,
  );
  return row?.data ?? null;
}

export interface PhotoData {
  id: number;
  filename: string;
  status: string;
  is_main: boolean;
  private: boolean;
  position: number;
  created_at: Date;
}

export async function photoData(db: Db, userId: number): Promise<PhotoData[]> {
  return db.query<PhotoData>(
    sql`SELECT id, filename, status, is_main, private, position, created_at FROM photos WHERE user_id = ${userId} ORDER BY position, id`,
  );
}

/** His private album's shares: with whom he shares it (`given`) and who shares theirs with him, by profile name only. */
export async function albumShareData(db: Db, userId: number): Promise<{ given: boolean; name: string | null; created_at: Date }[]> {
  return db.query(
    sql`SELECT true AS given, p.name, s.created_at FROM album_shares s LEFT JOIN profiles p ON p.user_id = s.viewer_id
        WHERE s.owner_id = ${userId}
        UNION ALL
        SELECT false, p.name, s.created_at FROM album_shares s LEFT JOIN profiles p ON p.user_id = s.owner_id
        WHERE s.viewer_id = ${userId}
        ORDER BY created_at`,
  );
}

export interface MessageData {
  conversation_id: number;
  partner_name: string | null;
  id: number;
  mine: boolean;
  kind: string;
  text: string;
  gift: string | null;
  has_photo: boolean;
  sent_at: Date;
  removed_at: Date | null;
  held: boolean;
}

/**
 * His conversations' messages, his own and those he received (held ones of the other member were never delivered),
 * with the other member's profile name only.
 */
export async function messageData(db: Db, userId: number): Promise<MessageData[]> {
  return db.query<MessageData>(
    sql`SELECT m.conversation_id, op.name AS partner_name, m.id, m.sender_id = ${userId} AS mine, m.kind, m.body AS text,
               m.gift_key AS gift, m.photo_filename IS NOT NULL AS has_photo, m.created_at AS sent_at, m.removed_at, m.held
        FROM conversation_members me
        JOIN messages m ON m.conversation_id = me.conversation_id
        LEFT JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id <> ${userId}
        LEFT JOIN profiles op ON op.user_id = o.user_id
        WHERE me.user_id = ${userId} AND (NOT m.held OR m.sender_id = ${userId})
        ORDER BY m.conversation_id, m.id`,
  );
}

/**
 * Likes he gave and received, with the other member's profile name only. A like received from an account whose
 * address was never confirmed is left out, as it is everywhere else: such an account may be anyone's, and a decoy
 * (a signup with a taken address) is one that can never be confirmed.
 */
export async function likeData(db: Db, userId: number): Promise<{ given: boolean; name: string | null; created_at: Date }[]> {
  return db.query(
    sql`SELECT true AS given, p.name, l.created_at FROM likes l LEFT JOIN profiles p ON p.user_id = l.liked_id WHERE l.liker_id = ${userId}
        UNION ALL
        SELECT false, p.name, l.created_at FROM likes l JOIN users u ON u.id = l.liker_id LEFT JOIN profiles p ON p.user_id = l.liker_id
        WHERE l.liked_id = ${userId} AND u.status <> 'not_confirmed'
        ORDER BY created_at`,
  );
}

export async function paymentData(db: Db, userId: number): Promise<Json[]> {
  const rows = await db.query<{ data: Json }>(
    sql`SELECT jsonb_build_object('id', id, 'credits', credits, 'amount_minor', amount_minor, 'discount_minor', discount_minor,
               'currency', currency, 'country', country, 'method', method, 'status', status, 'paid_at', paid_at,
               'refunded_minor', refunded_minor, 'charged_back_at', charged_back_at, 'created_at', created_at) AS data
        FROM payments WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.map((r) => r.data);
}

export async function ledgerData(db: Db, userId: number): Promise<Json[]> {
  return db.query<Json>(
    sql`SELECT id, delta, reason, ref, balance_after, created_at FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** Consents and notification settings: what he switched off, lock-screen previews, his push subscriptions (dates only). */
export async function consentData(db: Db, userId: number): Promise<Json | null> {
  const [row] = await db.query<{ data: Json }>(
    sql`SELECT jsonb_build_object('mail_off', u.mail_off, 'notifications_disabled', u.notifications_disabled,
               'push_previews', u.push_previews, 'signup_tracking', u.tracking,
               'push_subscriptions', coalesce((SELECT jsonb_agg(jsonb_build_object('created_at', s.created_at) ORDER BY s.id)
                                               FROM push_subscriptions s WHERE s.user_id = u.id), '[]')) AS data
        FROM users u WHERE u.id = ${userId}`,
  );
  return row?.data ?? null;
}

/** His logged-in devices (sessions: when they began, were last seen and end) and the devices that tried his login. */
export async function deviceData(db: Db, userId: number): Promise<Json> {
  const sessions = await db.query<Json>(
    sql`SELECT created_at, last_seen_at, expires_at FROM sessions WHERE user_id = ${userId} ORDER BY created_at`,
  );
  const throttled = await db.query<Json>(
    sql`SELECT failures, window_started_at, locked_until FROM login_device_throttle WHERE user_id = ${userId} ORDER BY window_started_at`,
  );
  return { sessions, login_attempts_by_device: throttled };
}

/** The decisions about him (statements of reasons and dismissals), without who reported or decided, with his appeals. */
export async function decisionData(db: Db, userId: number): Promise<Json[]> {
  return db.query<Json>(
    sql`SELECT d.id, d.action, d.content_kind, d.days,
               CASE WHEN d.until = 'infinity' THEN 'infinity' ELSE to_char(d.until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS until,
               d.rule, d.facts, d.source, d.automated, d.created_at, d.reversed_at,
               coalesce((SELECT jsonb_agg(jsonb_build_object('text', a.text, 'status', a.status, 'filed_at', a.created_at,
                                                             'decided_at', a.decided_at, 'explanation', a.explanation) ORDER BY a.id)
                         FROM safety_appeals a WHERE a.decision_id = d.id AND a.appellant_id = ${userId}), '[]') AS appeals
        FROM safety_decisions d WHERE d.member_id = ${userId} AND d.action <> 'dismiss' ORDER BY d.id`,
  );
}

export interface VerificationData {
  id: number;
  pose: string;
  status: string;
  reason: string | null;
  selfie: string | null;
  created_at: Date;
  submitted_at: Date | null;
  decided_at: Date | null;
  selfie_deleted_at: Date | null;
}

/** His verification requests (never who decided them), with the selfie's stored name while it is kept. */
export async function verificationData(db: Db, userId: number): Promise<VerificationData[]> {
  return db.query<VerificationData>(
    sql`SELECT id, pose, status, reason, selfie, created_at, submitted_at, decided_at, selfie_deleted_at
        FROM verification_requests WHERE user_id = ${userId} ORDER BY id`,
  );
}
