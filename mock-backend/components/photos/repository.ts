import { type Db, sql } from '../../lib/db';

export interface OwnPhotoRow {
  id: number;
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
  status: 'approved' | 'pending' | 'rejected';
  is_main: boolean;
  private: boolean;
}

/** The member's photos, main first; rejected ones are left out. */
export async function listOwnPhotos(db: Db, userId: number): Promise<OwnPhotoRow[]> {
  return db.query<OwnPhotoRow>(sql`SELECT id, filename, thumb_filename, blurred_filename, status, is_main, private FROM photos
     WHERE user_id = ${userId} AND status <> 'rejected' ORDER BY is_main DESC, position, id`);
}

/** Locks the member's row for the rest of the transaction, so concurrent uploads count one after another. */
export async function lockMember(db: Db, userId: number): Promise<{ paid_user: boolean } | null> {
  const [row] = await db.query<{ paid_user: boolean }>(sql`SELECT paid_user FROM users WHERE id = ${userId} FOR UPDATE`);
  return row ?? null;
}

export async function countPhotos(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${userId} AND status <> 'rejected'`,
  );
  return row?.n ?? 0;
}

export async function insertPhoto(db: Db, p: { userId: number; filename: string; thumb: string; blurred: string }): Promise<number> {
  const [row] = await db.query<{
    id: number;
  }>(sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
     SELECT ${p.userId}::int, ${p.filename}::text, ${p.thumb}::text, ${p.blurred}::text, 'pending',
            NOT EXISTS (SELECT 1 FROM photos WHERE user_id = ${p.userId} AND is_main),
            COALESCE((SELECT max(position) + 1 FROM photos WHERE user_id = ${p.userId}), 0)
     RETURNING id`);
  if (!row) throw new Error('photo insert returned nothing');
  return row.id;
}

/** Deletes one of the member's photos; returns its files, or null when it is not theirs. */
export async function deletePhoto(db: Db, userId: number, photoId: number): Promise<OwnPhotoRow | null> {
  const [row] = await db.query<OwnPhotoRow>(sql`DELETE FROM photos WHERE id = ${photoId} AND user_id = ${userId}
     RETURNING id, filename, thumb_filename, blurred_filename, status, is_main, private`);
  return row ?? null;
}

/**
 * Makes the oldest remaining public photo main when the member has none, an approved one (others can see it) first;
 * a private photo never becomes main.
 */
export async function ensureMain(db: Db, userId: number): Promise<void> {
  await db.query(sql`UPDATE photos SET is_main = true, updated_at = now()
     WHERE id = (SELECT id FROM photos WHERE user_id = ${userId} AND status <> 'rejected' AND NOT private
                 ORDER BY (status = 'approved') DESC, position, id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM photos WHERE user_id = ${userId} AND is_main)`);
}

/** Moves the main flag to one of the member's photos: 'missing' when the photo is not theirs, 'private' when it is private. */
export async function setMain(db: Db, userId: number, photoId: number): Promise<'done' | 'missing' | 'private'> {
  const [own] = await db.query<{ id: number; private: boolean }>(
    sql`SELECT id, private FROM photos WHERE id = ${photoId} AND user_id = ${userId} AND status <> 'rejected'`,
  );
  if (!own) return 'missing';
  if (own.private) return 'private';
  await db.query(sql`UPDATE photos SET is_main = false, updated_at = now() WHERE user_id = ${userId} AND is_main AND id <> ${photoId}`);
  await db.query(sql`UPDATE photos SET is_main = true, updated_at = now() WHERE id = ${photoId}`);
  return 'done';
}

/** How many of the member's photos (not rejected) are private, leaving out `exceptId`. */
export async function countPrivate(db: Db, userId: number, exceptId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${userId} AND private AND status <> 'rejected' AND id <> ${exceptId}`,
  );
  return row?.n ?? 0;
}

/** Marks one of the member's photos private or public (a private one loses the main flag); false when not theirs. */
export async function setPrivate(db: Db, userId: number, photoId: number, isPrivate: boolean): Promise<boolean> {
  const rows = await db.query(sql`UPDATE photos SET private = ${isPrivate}, is_main = is_main AND NOT ${isPrivate}::boolean,
       updated_at = now()
     WHERE id = ${photoId} AND user_id = ${userId} AND status <> 'rejected' RETURNING id`);
  return rows.length > 0;
}

/** Whether a stored file is still referenced (seed avatars are shared by many members). */
export async function fileInUse(db: Db, file: string): Promise<boolean> {
  const [row] = await db.query(
    sql`SELECT 1 FROM photos WHERE filename = ${file} OR thumb_filename = ${file} OR blurred_filename = ${file} LIMIT 1`,
  );
  return row !== undefined;
}

/** Of these file names, the photos rows that name them. */
export async function photosNamed(db: Db, fulls: readonly string[]): Promise<{ filename: string }[]> {
  return db.query<{ filename: string }>(sql`SELECT filename FROM photos WHERE filename = ANY(${fulls}::text[])`);
}

/**
 * What the photo rows that name this stored file (as its full, thumb or blurred variant) make of it: `shown` while
 * one of them is not rejected, `removed` when all are (a moderator removed or rejected the photo), `unknown` when no
 * row names it (a deleted photo whose file the store still holds, or no photo at all). The rows are found through the
 * full variant's name (indexed): u/…-thumb.jpg and u/…-blur.jpg belong to u/…-full.jpg, the seed's
 * avatars/x-thumb.jpg and avatars/x-blur.jpg to avatars/x.jpg.
 */
export async function photoFileState(db: Db, file: string): Promise<'shown' | 'removed' | 'unknown'> {
  return (await photoFileAccess(db, file)).state;
}

/**
 * photoFileState, and the member whose private album holds the file when every row that shows it is private
 * (`privateOf`; null for a photo anyone may see).
 */
export async function photoFileAccess(db: Db, file: string): Promise<{ state: 'shown' | 'removed' | 'unknown'; privateOf: number | null }> {
  const variant = /-(?:thumb|blur)(\.\w+)$/;
  const fulls = [...new Set([file, file.replace(variant, '$1'), file.replace(variant, '-full$1')])];
  const [row] = await db.query<{ shown: boolean | null; private: boolean | null; owner: number | null }>(
    sql`SELECT bool_or(status <> 'rejected') AS shown,
            bool_and(private) FILTER (WHERE status <> 'rejected') AS private,
            min(user_id) FILTER (WHERE status <> 'rejected') AS owner
     FROM photos
     WHERE filename = ANY(${fulls}::text[]) AND (filename = ${file} OR thumb_filename = ${file} OR blurred_filename = ${file})`,
  );
  const state = row?.shown === true ? 'shown' : row?.shown === false ? 'removed' : 'unknown';
  return { state, privateOf: state === 'shown' && row?.private === true ? (row.owner ?? null) : null };
}
