import { sql, statement, type Db, type Sql } from '../../lib/db';

/**
 * SQL condition: no block in either direction between the member `viewer` (bound as a parameter; null for
 * visitors) and the user column `other` (a fixed column reference such as raw('u.id')).
 */
export function notBlocked(viewer: number | null, other: Sql): Sql {
  return sql`NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ${viewer}::int AND bl.blocked_id = ${other})
                                             OR (bl.blocker_id = ${other} AND bl.blocked_id = ${viewer}::int))`;
}

export async function memberExists(db: Db, siteId: number, id: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM users WHERE id = ${id} AND site_id = ${siteId} AND status <> 'deleted'`);
  return rows.length > 0;
}

export async function insertBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db.query(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker}, ${blocked}) ON CONFLICT DO NOTHING`);
}

/**
 * Removes likes and private-album shares both ways and every conversation of the two (with its messages). Answers the paths of the photo
 * messages that went with them: the caller deletes their files after the commit.
 */
export async function removeContact(db: Db, a: number, b: number): Promise<string[]> {
  await db.query(sql`DELETE FROM likes WHERE (liker_id = ${a} AND liked_id = ${b}) OR (liker_id = ${b} AND liked_id = ${a})`);
  // Private albums shared either way are taken back (reading one asks for no block as well).
  await db.query(sql`DELETE FROM album_shares WHERE (owner_id = ${a} AND viewer_id = ${b}) OR (owner_id = ${b} AND viewer_id = ${a})`);
  // The conversations are locked first (a send into one waits, then finds it gone): the photos read next are all
  // that the delete takes with it.
  const conversations = await db.query<{ id: number }>(
    sql`SELECT c.id FROM conversations c WHERE c.id IN (
       SELECT x.conversation_id FROM conversation_members x JOIN conversation_members y ON y.conversation_id = x.conversation_id
       WHERE x.user_id = ${a} AND y.user_id = ${b})
     FOR UPDATE`,
  );
  if (conversations.length === 0) return [];
  const ids = conversations.map((c) => c.id);
  const photos = await db.query<{ photo_filename: string }>(
    sql`SELECT photo_filename FROM messages WHERE conversation_id = ANY(${ids}::int[]) AND photo_filename IS NOT NULL`,
  );
  await db.query(sql`DELETE FROM conversations WHERE id = ANY(${ids}::int[])`);
  return photos.map((p) => p.photo_filename);
}

export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db.query(sql`DELETE FROM blocks WHERE blocker_id = ${blocker} AND blocked_id = ${blocked}`);
}

export async function listBlocks(db: Db, blocker: number): Promise<{ id: number; name: string; blocked_at: Date }[]> {
  return db.query(
    sql`SELECT b.blocked_id AS id, p.name, b.created_at AS blocked_at
     FROM blocks b JOIN profiles p ON p.user_id = b.blocked_id
     WHERE b.blocker_id = ${blocker} ORDER BY b.created_at DESC, b.blocked_id DESC`,
  );
}

export async function setInvisible(db: Db, userId: number, invisible: boolean): Promise<void> {
  await db.query(sql`UPDATE profiles SET invisible = ${invisible}, updated_at = now() WHERE user_id = ${userId}`);
}

export async function setLocation(db: Db, userId: number, lat: number | null, lon: number | null): Promise<void> {
  await db.query(sql`UPDATE profiles SET lat = ${lat}, lon = ${lon}, updated_at = now() WHERE user_id = ${userId}`);
}

/** The viewer's snapped position (the cards' distance bands, on every member list and profile): prepared once. */
const locationOf = statement('privacy_location_of', (userId: number) => sql`SELECT lat, lon FROM profiles WHERE user_id = ${userId}`);

export async function findLocation(db: Db, userId: number): Promise<{ lat: number | null; lon: number | null } | null> {
  const [row] = await db.query<{ lat: number | null; lon: number | null }>(locationOf(userId));
  return row ?? null;
}
