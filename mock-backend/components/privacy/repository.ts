import { sql, type Db, type Sql } from '../../lib/db';

/**
 * SQL condition: no block in either direction between the member `viewer` (bound as a parameter; null for
 * visitors) and the user column `other` (a fixed column reference such as raw('u.id')).
 */
export function notBlocked(viewer: number | null, other: Sql): Sql {
  return sql`NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ${viewer}::int AND bl.blocked_id = ${other})
                                             OR (bl.blocker_id = ${other} AND bl.blocked_id = ${viewer}::int))`;
}

export async function memberExists(db: Db, siteId: number, id: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM users WHERE id = $1 AND site_id = $2 AND status <> 'deleted'`, [id, siteId]);
  return rows.length > 0;
}

export async function insertBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [blocker, blocked]);
}

/**
 * Removes likes both ways and every conversation of the two (with its messages). Answers the paths of the photo
 * messages that went with them: the caller deletes their files after the commit.
 */
export async function removeContact(db: Db, a: number, b: number): Promise<string[]> {
  await db.query(`DELETE FROM likes WHERE (liker_id = $1 AND liked_id = $2) OR (liker_id = $2 AND liked_id = $1)`, [a, b]);
  // The conversations are locked first (a send into one waits, then finds it gone): the photos read next are all
  // that the delete takes with it.
  const conversations = await db.query<{ id: number }>(
    `SELECT c.id FROM conversations c WHERE c.id IN (
       SELECT x.conversation_id FROM conversation_members x JOIN conversation_members y ON y.conversation_id = x.conversation_id
       WHERE x.user_id = $1 AND y.user_id = $2)
     FOR UPDATE`,
    [a, b],
  );
  if (conversations.length === 0) return [];
  const ids = conversations.map((c) => c.id);
  const photos = await db.query<{ photo_filename: string }>(
    `SELECT photo_filename FROM messages WHERE conversation_id = ANY($1::int[]) AND photo_filename IS NOT NULL`,
    [ids],
  );
  await db.query('DELETE FROM conversations WHERE id = ANY($1::int[])', [ids]);
  return photos.map((p) => p.photo_filename);
}

export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blocker, blocked]);
}

export async function listBlocks(db: Db, blocker: number): Promise<{ id: number; name: string; blocked_at: Date }[]> {
  return db.query(
    `SELECT b.blocked_id AS id, p.name, b.created_at AS blocked_at
     FROM blocks b JOIN profiles p ON p.user_id = b.blocked_id
     WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.blocked_id DESC`,
    [blocker],
  );
}

export async function setInvisible(db: Db, userId: number, invisible: boolean): Promise<void> {
  await db.query('UPDATE profiles SET invisible = $2, updated_at = now() WHERE user_id = $1', [userId, invisible]);
}

export async function setLocation(db: Db, userId: number, lat: number | null, lon: number | null): Promise<void> {
  await db.query('UPDATE profiles SET lat = $2, lon = $3, updated_at = now() WHERE user_id = $1', [userId, lat, lon]);
}

export async function findLocation(db: Db, userId: number): Promise<{ lat: number | null; lon: number | null } | null> {
  const [row] = await db.query<{ lat: number | null; lon: number | null }>('SELECT lat, lon FROM profiles WHERE user_id = $1', [userId]);
  return row ?? null;
}
