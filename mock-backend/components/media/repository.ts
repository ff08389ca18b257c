import { sql, type Db } from '../../lib/db';

/** Of these full-variant paths, those some message row still names. */
export async function stillReferenced(db: Db, fulls: readonly string[]): Promise<Set<string>> {
  if (fulls.length === 0) return new Set();
  const rows = await db.query<{ photo_filename: string }>(
    sql`SELECT DISTINCT photo_filename FROM messages WHERE photo_filename = ANY(${fulls}::text[])`,
  );
  return new Set(rows.map((r) => r.photo_filename));
}
