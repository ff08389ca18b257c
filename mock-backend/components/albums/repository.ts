import { raw, sql, type Db } from '../../lib/db';
import { VISIBLE } from '../members/index';
import { notBlocked } from '../privacy/index';

/**
 * Whether `viewer` may see member `id` at all (same site, active, not removed, deleted or suspended, no block either
 * way): asked on every read and write of an album, so a block or a removal takes effect at once.
 */
export async function memberVisibleTo(db: Db, siteId: number, viewer: number, id: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.id = ${id} AND u.site_id = ${siteId} AND ${VISIBLE} AND ${notBlocked(viewer, raw('u.id'))}`);
  return rows.length > 0;
}

/** Locks the owner's row for the transaction, so concurrent shares count one after another. */
export async function lockOwner(db: Db, ownerId: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM users WHERE id = ${ownerId} FOR UPDATE`);
  return rows.length > 0;
}

export async function countShares(db: Db, ownerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM album_shares WHERE owner_id = ${ownerId}`);
  return row?.n ?? 0;
}

export async function shareExists(db: Db, ownerId: number, viewerId: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM album_shares WHERE owner_id = ${ownerId} AND viewer_id = ${viewerId}`);
  return rows.length > 0;
}

export async function insertShare(db: Db, ownerId: number, viewerId: number): Promise<void> {
  await db.query(sql`INSERT INTO album_shares (owner_id, viewer_id) VALUES (${ownerId}, ${viewerId}) ON CONFLICT DO NOTHING`);
}

export async function deleteShare(db: Db, ownerId: number, viewerId: number): Promise<void> {
  await db.query(sql`DELETE FROM album_shares WHERE owner_id = ${ownerId} AND viewer_id = ${viewerId}`);
}

export interface ShareRow {
  id: number;
  name: string;
  shared_at: Date;
  photo_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
}

/** The members the owner shares with, newest first, each with his approved main photo; deleted accounts are left out. */
export async function listShares(db: Db, ownerId: number): Promise<ShareRow[]> {
  return db.query<ShareRow>(sql`SELECT u.id, p.name, s.created_at AS shared_at,
            ph.id AS photo_id, ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb
     FROM album_shares s JOIN users u ON u.id = s.viewer_id JOIN profiles p ON p.user_id = u.id
     LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main AND ph.status = 'approved'
     WHERE s.owner_id = ${ownerId} AND u.deleted_at IS NULL AND u.status <> 'deleted'
     ORDER BY s.created_at DESC, u.id DESC`);
}

export interface AlbumsBetweenRow {
  own_count: number;
  count: number;
  shared_with_me: boolean;
  shared_by_me: boolean;
}

/**
 * The private albums between `viewerId` and `otherId` in one query: how many approved private photos each holds, and
 * who shares his with whom.
 */
export async function albumsBetween(db: Db, viewerId: number, otherId: number): Promise<AlbumsBetweenRow> {
  const [row] = await db.query<AlbumsBetweenRow>(
    sql`SELECT (SELECT count(*)::int FROM photos WHERE user_id = ${viewerId} AND private AND status = 'approved') AS own_count,
            (SELECT count(*)::int FROM photos WHERE user_id = ${otherId} AND private AND status = 'approved') AS count,
            EXISTS (SELECT 1 FROM album_shares WHERE owner_id = ${otherId} AND viewer_id = ${viewerId}) AS shared_with_me,
            EXISTS (SELECT 1 FROM album_shares WHERE owner_id = ${viewerId} AND viewer_id = ${otherId}) AS shared_by_me`,
  );
  return row ?? { own_count: 0, count: 0, shared_with_me: false, shared_by_me: false };
}

export interface AlbumPhotoRow {
  id: number;
  filename: string;
  thumb_filename: string;
}

/** The owner's approved private photos, in his order. */
export async function albumPhotos(db: Db, ownerId: number): Promise<AlbumPhotoRow[]> {
  return db.query<AlbumPhotoRow>(sql`SELECT id, filename, thumb_filename FROM photos
     WHERE user_id = ${ownerId} AND private AND status = 'approved' ORDER BY position, id`);
}
