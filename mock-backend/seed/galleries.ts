import { sql, type Db } from '../lib/db';
import type { AvatarFiles } from './avatars';

/**
 * Gives every third demo member with a photo two more (so the blurred, locked gallery of free viewers can be seen).
 * The demo logins are left with their single photo. (Where members live comes with them: places.ts.)
 */
export async function seedGalleries(db: Db, avatars: AvatarFiles[], demoIds: number[]): Promise<void> {
  const members = await db.query<{ user_id: number; country: string | null }>(
    sql`SELECT p.user_id, p.country FROM profiles p WHERE EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.user_id)`,
  );
  const gallery = members.filter((m) => m.user_id % 3 === 0 && !demoIds.includes(m.user_id) && avatars.length > 1);
  const rows = gallery.flatMap((m) =>
    [1, 2].map((position) => ({ uid: m.user_id, position, a: avatars[(m.user_id + position * 5) % avatars.length] as AvatarFiles })),
  );
  if (rows.length > 0) {
    await db.query(
      sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
       SELECT uid, fn, th, bl, 'approved', false, pos
       FROM unnest(${rows.map((r) => r.uid)}::int[], ${rows.map((r) => r.a.filename)}::text[], ${rows.map((r) => r.a.thumb_filename)}::text[],
                   ${rows.map((r) => r.a.blurred_filename)}::text[], ${rows.map((r) => r.position)}::int[]) AS t(uid, fn, th, bl, pos)`,
    );
  }
}
