import type { Db } from '../../lib/db';

export interface PendingRow {
  id: number;
  filename: string;
  thumb_filename: string;
  created_at: Date;
  user_id: number;
  name: string;
}

export async function isModerator(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  return row?.role === 'moderator';
}

/** Pending photos of the site's members, oldest first (upload order = id order), after `after`; reads photos_pending_queue. */
export async function listPending(db: Db, siteId: number, after: number | null, limit: number): Promise<PendingRow[]> {
  return db.query<PendingRow>(
    `SELECT ph.id, ph.filename, ph.thumb_filename, ph.created_at, u.id AS user_id, COALESCE(p.name, '') AS name
     FROM photos ph
     JOIN users u ON u.id = ph.user_id
     LEFT JOIN profiles p ON p.user_id = u.id
     WHERE ph.status = 'pending' AND u.site_id = $1 AND u.status <> 'deleted' AND ($2::int IS NULL OR ph.id > $2)
     ORDER BY ph.id
     LIMIT $3`,
    [siteId, after, limit],
  );
}

/** The photo's status when it belongs to a member of the site, else null (other sites' photos do not exist here). */
export async function photoStatus(db: Db, siteId: number, photoId: number): Promise<{ status: string; user_id: number } | null> {
  const [row] = await db.query<{ status: string; user_id: number }>(
    `SELECT ph.status, ph.user_id FROM photos ph JOIN users u ON u.id = ph.user_id
     WHERE ph.id = $1 AND u.site_id = $2 AND u.status <> 'deleted'`,
    [photoId, siteId],
  );
  return row ?? null;
}

/** Approves the photo only while it is still pending (atomic); false when someone else decided first. */
export async function approve(db: Db, photoId: number, moderatorId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE photos SET status = 'approved', moderated_by = $2, moderated_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING id`,
    [photoId, moderatorId],
  );
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
  const [row] = await db.query<RejectedRow>(
    `DELETE FROM photos WHERE id = $1 AND status = 'pending'
     RETURNING user_id, filename, thumb_filename, blurred_filename`,
    [photoId],
  );
  return row ?? null;
}
