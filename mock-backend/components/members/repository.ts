import type { Db } from '../../lib/db';

/** Columns every profile summary needs; `u` = users, `p` = profiles, `ph` = main photo, `r` = region. */
export const SUMMARY_COLUMNS = `
  u.id, p.name, p.country, r.name AS region,
  CASE WHEN p.birth_date IS NULL THEN NULL ELSE date_part('year', age(p.birth_date))::int END AS age,
  (u.last_active_at > now() - interval '15 minutes') AS online,
  u.paid_user AS premium, p.fictional,
  ph.id AS photo_id, ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb, ph.status AS photo_status`;

/** Joins for SUMMARY_COLUMNS, starting from `users u`. */
export const SUMMARY_JOINS = `
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN regions r ON r.id = p.region_id
  LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main AND ph.status = 'approved'`;

/** Who other members may see: active, not deleted, profile enabled. */
export const VISIBLE = `u.status = 'active' AND u.deleted_at IS NULL AND p.status = 'active'`;

export interface SummaryRow {
  id: number;
  name: string;
  country: string | null;
  region: string | null;
  age: number | null;
  online: boolean;
  premium: boolean;
  fictional: boolean;
  photo_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
  photo_status: 'approved' | 'pending' | 'rejected' | null;
}

export interface MemberCursor {
  ts: string;
  id: number;
}

export async function listMembers(
  db: Db,
  q: { siteId: number; viewerId: number | null; country: string | null; limit: number; after: MemberCursor | null },
): Promise<(SummaryRow & { cursor_ts: string })[]> {
  const params: unknown[] = [q.siteId, q.viewerId, q.country, q.limit];
  let keyset = '';
  if (q.after) {
    params.push(q.after.ts, q.after.id);
    keyset = 'AND (u.last_active_at, u.id) < ($5::timestamptz, $6::int)';
  }
  return db.query(
    `SELECT ${SUMMARY_COLUMNS}, u.last_active_at::text AS cursor_ts
     FROM users u ${SUMMARY_JOINS}
     WHERE u.site_id = $1 AND ${VISIBLE} AND NOT p.invisible
       AND ($2::int IS NULL OR u.id <> $2::int)
       AND ($3::text IS NULL OR p.country = $3::text)
       ${keyset}
     ORDER BY u.last_active_at DESC, u.id DESC
     LIMIT $4`,
    params,
  );
}

export async function countMembers(db: Db, q: { siteId: number; viewerId: number | null; country: string | null }): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = $1 AND ${VISIBLE} AND NOT p.invisible
       AND ($2::int IS NULL OR u.id <> $2::int) AND ($3::text IS NULL OR p.country = $3::text)`,
    [q.siteId, q.viewerId, q.country],
  );
  return row?.n ?? 0;
}

export interface DetailRow extends SummaryRow {
  about: string;
  gender: 'male' | 'female' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  relationship_status: 'divorced' | 'living_together' | 'married' | 'unmarried' | 'single' | 'widowed' | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: 'slim' | 'normal' | 'fat' | null;
  tattoos: boolean | null;
  signup_reason: string | null;
  last_active_at: Date | null;
}

export async function findProfile(db: Db, siteId: number, id: number, viewerId: number | null): Promise<DetailRow | null> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${SUMMARY_COLUMNS}, p.about, p.gender, p.sexuality, p.relationship_status, p.hair_colour,
            p.eye_colour, p.body_type, p.tattoos, p.signup_reason, u.last_active_at
     FROM users u ${SUMMARY_JOINS}
     WHERE u.id = $1 AND u.site_id = $2 AND (${VISIBLE} OR (u.id = $3::int AND u.status <> 'deleted'))`,
    [id, siteId, viewerId],
  );
  return row ?? null;
}

export interface PhotoRow {
  id: number;
  filename: string;
  thumb_filename: string;
  status: 'approved' | 'pending' | 'rejected';
}

export async function listPhotos(db: Db, userId: number, includeUnapproved: boolean): Promise<PhotoRow[]> {
  return db.query<PhotoRow>(
    `SELECT id, filename, thumb_filename, status FROM photos
     WHERE user_id = $1 AND ($2 OR status = 'approved')
     ORDER BY is_main DESC, position, id`,
    [userId, includeUnapproved],
  );
}

export async function listInterestKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `SELECT i.key FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id
     WHERE pi.user_id = $1 ORDER BY i.key`,
    [userId],
  );
  return rows.map((r) => r.key);
}

/** Opening a profile clears the new-like flag of its like to the viewer (SPEC §4). */
export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.query(
    'UPDATE likes SET is_new = false, updated_at = now() WHERE liker_id = $1 AND liked_id = $2 AND is_new',
    [likerId, likedId],
  );
}
