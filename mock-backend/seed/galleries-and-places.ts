import { sql, type Db } from '../lib/db';
import { snap } from '../components/privacy/index';
import type { AvatarFiles } from './avatars';

/** A city per demo country: members are placed up to ~40 km around it (then snapped like every stored position). */
const CITIES: Record<string, [number, number]> = {
  US: [40.71, -74.0],
  NL: [52.37, 4.9],
  BE: [50.85, 4.35],
  FR: [48.86, 2.35],
  IT: [41.9, 12.5],
  ES: [40.42, -3.7],
  DE: [52.52, 13.4],
  AT: [48.21, 16.37],
  IE: [53.35, -6.26],
  GB: [51.51, -0.13],
  CA: [43.65, -79.38],
  PL: [52.23, 21.01],
  AU: [-33.87, 151.21],
  NZ: [-36.85, 174.76],
  CH: [47.38, 8.54],
  DK: [55.68, 12.57],
  FI: [60.17, 24.94],
  NO: [59.91, 10.75],
  SE: [59.33, 18.07],
};

/** Deterministic pseudo-random number in [0, 1) from an id, so a re-seed gives the same demo. */
const unit = (id: number, salt: number) => {
  const x = Math.sin(id * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * Gives every third demo member with a photo two more (so the blurred, locked gallery of free viewers can be seen)
 * and places members near a city of their country, so distance bands show. The demo logins are placed in
 * Amsterdam and are left with their single photo.
 */
export async function seedGalleriesAndPlaces(db: Db, avatars: AvatarFiles[], demoIds: number[]): Promise<void> {
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
  const all = await db.query<{ user_id: number; country: string | null }>(sql`SELECT user_id, country FROM profiles`);
  const placed = all.flatMap((m) => {
    const city = demoIds.includes(m.user_id) ? CITIES.NL : m.country ? CITIES[m.country] : undefined;
    if (!city) return [];
    const spread = demoIds.includes(m.user_id) ? 0 : 0.35;
    const cell = snap(city[0] + (unit(m.user_id, 1) - 0.5) * spread, city[1] + (unit(m.user_id, 2) - 0.5) * spread * 1.6);
    return [{ id: m.user_id, ...cell }];
  });
  await db.query(
    sql`UPDATE profiles p SET lat = t.lat, lon = t.lon
     FROM unnest(${placed.map((p) => p.id)}::int[], ${placed.map((p) => p.lat)}::float8[], ${placed.map((p) => p.lon)}::float8[]) AS t(id, lat, lon)
     WHERE p.user_id = t.id`,
  );
}
