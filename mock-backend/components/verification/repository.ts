import { sql, type Db } from '../../lib/db';
import type { VerificationPose, VerificationRefusalReason } from '../../../src/shared/verification';

/**
 * SQL of verification requests, of the photos each showed the moderator (verification_request_photos) and of the photos
 * an approval matched (photos.verified_by).
 */

export type RequestStatus = 'posed' | 'pending' | 'approved' | 'refused';

export interface RequestRow {
  id: number;
  user_id: number;
  pose: VerificationPose;
  status: RequestStatus;
  selfie: string | null;
  submitted_at: Date | null;
  reason: VerificationRefusalReason | null;
  moderator_id: number | null;
  decided_at: Date | null;
  selfie_deleted_at: Date | null;
  created_at: Date;
}

const COLUMNS = sql`id, user_id, pose, status, selfie, submitted_at, reason, moderator_id, decided_at, selfie_deleted_at, created_at`;

/** The member's latest request (the open one when there is one: at most one is open). */
export async function latestRequest(db: Db, userId: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(
    sql`SELECT ${COLUMNS} FROM verification_requests WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** Locks the member's row: his requests are started, sent and decided one at a time. */
export async function lockMember(db: Db, userId: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM users WHERE id = ${userId} AND status <> 'deleted' FOR UPDATE`);
  return rows.length === 1;
}

export async function insertRequest(db: Db, q: { siteId: number; userId: number; pose: VerificationPose }): Promise<RequestRow> {
  const [row] = await db.query<RequestRow>(
    sql`INSERT INTO verification_requests (site_id, user_id, pose) VALUES (${q.siteId}, ${q.userId}, ${q.pose}) RETURNING ${COLUMNS}`,
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Attaches the selfie to the member's posed request; null when he has none (nothing changes then). */
export async function submitSelfie(db: Db, userId: number, selfie: string): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(
    sql`UPDATE verification_requests SET status = 'pending', selfie = ${selfie}, submitted_at = now(), updated_at = now()
        WHERE user_id = ${userId} AND status = 'posed' RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

/**
 * Records the photos the moderator will see beside the request's selfie: the member's approved photos now. Answers how
 * many (none: nothing to compare the selfie with).
 */
export async function recordShownPhotos(db: Db, requestId: number, userId: number): Promise<number> {
  const rows = await db.query(
    sql`INSERT INTO verification_request_photos (request_id, photo_id)
        SELECT ${requestId}, id FROM photos WHERE user_id = ${userId} AND status = 'approved'
        ON CONFLICT DO NOTHING RETURNING photo_id`,
  );
  return rows.length;
}

/** Selfies the member sent since `since` (every attempt counts, whatever its decision). */
export async function selfiesSince(db: Db, userId: number, since: Date): Promise<Date[]> {
  const rows = await db.query<{ submitted_at: Date }>(
    sql`SELECT submitted_at FROM verification_requests WHERE user_id = ${userId} AND submitted_at > ${since} ORDER BY submitted_at`,
  );
  return rows.map((r) => new Date(r.submitted_at));
}

/** How many approved photos the member has (a selfie needs one to be compared with). */
export async function approvedPhotoCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${userId} AND status = 'approved'`);
  return row?.n ?? 0;
}

/** The member's photos waiting for a moderator, in his order: what he waits for when none is approved yet. */
export async function waitingPhotos(db: Db, userId: number): Promise<{ id: number; filename: string; thumb_filename: string }[]> {
  return db.query(
    sql`SELECT id, filename, thumb_filename FROM photos WHERE user_id = ${userId} AND status = 'pending' ORDER BY position, id`,
  );
}

/** Whether the member's main photo is approved and matched by an approval: the badge. */
export async function isVerified(db: Db, userId: number): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM photos WHERE user_id = ${userId} AND is_main AND status = 'approved' AND verified_by IS NOT NULL`,
  );
  return rows.length === 1;
}

export interface QueueRow {
  id: number;
  user_id: number;
  name: string;
  pose: VerificationPose;
  selfie: string;
  submitted_at: Date;
}

/** Pending requests of the site's members, oldest first, never the moderator's own. */
export async function listPending(db: Db, siteId: number, moderatorId: number, limit: number): Promise<QueueRow[]> {
  return db.query<QueueRow>(
    sql`SELECT v.id, v.user_id, COALESCE(p.name, '') AS name, v.pose, v.selfie, v.submitted_at
        FROM verification_requests v
        JOIN users u ON u.id = v.user_id
        LEFT JOIN profiles p ON p.user_id = u.id
        WHERE v.site_id = ${siteId} AND v.status = 'pending' AND v.selfie IS NOT NULL AND u.status <> 'deleted'
          AND v.user_id <> ${moderatorId}
        ORDER BY v.submitted_at, v.id
        LIMIT ${limit}`,
  );
}

export interface PhotoRow {
  request_id: number;
  id: number;
  filename: string;
  thumb_filename: string;
  is_main: boolean;
}

/**
 * The photos each of these requests showed the moderator, those still approved, main first: what he compares the
 * selfie with, and all an approval marks. A photo approved after the selfie was sent is not among them.
 */
export async function shownPhotos(db: Db, requestIds: readonly number[]): Promise<PhotoRow[]> {
  if (requestIds.length === 0) return [];
  return db.query<PhotoRow>(
    sql`SELECT vp.request_id, p.id, p.filename, p.thumb_filename, p.is_main
        FROM verification_request_photos vp JOIN photos p ON p.id = vp.photo_id
        WHERE vp.request_id = ANY(${requestIds}::int[]) AND p.status = 'approved'
        ORDER BY vp.request_id, p.is_main DESC, p.position, p.id`,
  );
}

/** A request of the site (any status), or null. */
export async function requestOfSite(db: Db, siteId: number, id: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(sql`SELECT ${COLUMNS} FROM verification_requests WHERE id = ${id} AND site_id = ${siteId}`);
  return row ?? null;
}

/** Decides the request while it is still pending (atomic); null when another moderator was first. */
export async function decide(
  db: Db,
  q: { id: number; moderatorId: number; status: 'approved' | 'refused'; reason: VerificationRefusalReason | null },
): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(
    sql`UPDATE verification_requests
        SET status = ${q.status}, reason = ${q.reason}, moderator_id = ${q.moderatorId}, decided_at = now(), updated_at = now()
        WHERE id = ${q.id} AND status = 'pending' RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

/**
 * Marks as matched by the approval the photos the request showed the moderator that are still the member's approved
 * photos, and no other; answers how many.
 */
export async function matchPhotos(db: Db, userId: number, requestId: number): Promise<number> {
  const rows = await db.query(
    sql`UPDATE photos p SET verified_by = ${requestId}, updated_at = now()
        FROM verification_request_photos vp
        WHERE vp.request_id = ${requestId} AND p.id = vp.photo_id AND p.user_id = ${userId} AND p.status = 'approved'
        RETURNING p.id`,
  );
  return rows.length;
}

export async function mailAddress(db: Db, userId: number): Promise<{ email: string; language: string } | null> {
  const [row] = await db.query<{ email: string; language: string }>(
    sql`SELECT email, language FROM users WHERE id = ${userId} AND status <> 'deleted' AND deleted_at IS NULL`,
  );
  return row ?? null;
}

/** Decided requests whose selfie was decided before `before` and is still stored (the retention purge), up to `limit`. */
export async function selfiesToPurge(db: Db, before: Date, limit: number): Promise<{ id: number; selfie: string }[]> {
  return db.query(
    sql`SELECT id, selfie FROM verification_requests
        WHERE selfie IS NOT NULL AND decided_at IS NOT NULL AND decided_at < ${before} ORDER BY decided_at LIMIT ${limit}`,
  );
}

/** Forgets the selfie's file name (its files are deleted after the commit); the decision stays. */
export async function forgetSelfies(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    sql`UPDATE verification_requests SET selfie = NULL, selfie_deleted_at = now(), updated_at = now() WHERE id = ANY(${ids}::int[])`,
  );
}

/** Of these selfie paths, those a request still names. */
export async function selfiesNamed(db: Db, fulls: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ selfie: string }>(sql`SELECT selfie FROM verification_requests WHERE selfie = ANY(${fulls}::text[])`);
  return new Set(rows.map((r) => r.selfie));
}

/** Who may see a stored selfie: its member, or nobody when no request names it. */
export async function selfieOwner(db: Db, full: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>(sql`SELECT user_id FROM verification_requests WHERE selfie = ${full}`);
  return row?.user_id ?? null;
}
