import { type Db, sql } from '../../lib/db';

export interface PendingRow {
  id: number;
  filename: string;
  thumb_filename: string;
  created_at: Date;
  user_id: number;
  name: string;
}

export type StaffRole = 'member' | 'moderator' | 'admin';

/** The member's role as it is now (read on every request: a withdrawn role counts at once). */
export async function roleOf(db: Db, userId: number): Promise<StaffRole> {
  const [row] = await db.query<{ role: StaffRole }>(sql`SELECT role FROM users WHERE id = ${userId}`);
  return row?.role ?? 'member';
}

/** Pending photos of the site's members, oldest first (upload order = id order), after `after`; reads photos_pending_queue. */
export async function listPending(db: Db, siteId: number, moderatorId: number, after: number | null, limit: number): Promise<PendingRow[]> {
  return db.query<PendingRow>(sql`SELECT ph.id, ph.filename, ph.thumb_filename, ph.created_at, u.id AS user_id, COALESCE(p.name, '') AS name
     FROM photos ph
     JOIN users u ON u.id = ph.user_id
     LEFT JOIN profiles p ON p.user_id = u.id
     WHERE ph.status = 'pending' AND u.site_id = ${siteId} AND u.status <> 'deleted' AND u.id <> ${moderatorId}
       AND (${after}::int IS NULL OR ph.id > ${after})
     ORDER BY ph.id
     LIMIT ${limit}`);
}

/** The photo's status when it belongs to a member of the site, else null (other sites' photos do not exist here). */
export async function photoStatus(db: Db, siteId: number, photoId: number): Promise<{ status: string; user_id: number } | null> {
  const [row] = await db.query<{
    status: string;
    user_id: number;
  }>(sql`SELECT ph.status, ph.user_id FROM photos ph JOIN users u ON u.id = ph.user_id
     WHERE ph.id = ${photoId} AND u.site_id = ${siteId} AND u.status <> 'deleted'`);
  return row ?? null;
}

/** Approves the photo only while it is still pending (atomic); false when someone else decided first. */
export async function approve(db: Db, photoId: number, moderatorId: number): Promise<boolean> {
  const rows =
    await db.query(sql`UPDATE photos SET status = 'approved', moderated_by = ${moderatorId}, moderated_at = now(), updated_at = now()
     WHERE id = ${photoId} AND status = 'pending' RETURNING id`);
  return rows.length === 1;
}

export interface RejectedRow {
  user_id: number;
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
}

/** Deletes the photo only while it is still pending (atomic); null when someone else decided first. */
export async function deletePending(db: Db, photoId: number): Promise<RejectedRow | null> {
  const [row] = await db.query<RejectedRow>(sql`DELETE FROM photos WHERE id = ${photoId} AND status = 'pending'
     RETURNING user_id, filename, thumb_filename, blurred_filename`);
  return row ?? null;
}
