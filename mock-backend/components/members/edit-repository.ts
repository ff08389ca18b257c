import { join, raw, sql, statement, type Db } from '../../lib/db';
import type { AttributeColumns } from './repository';

export interface MyProfileRow extends AttributeColumns {
  id: number;
  email: string;
  paid_user: boolean;
  name: string;
  about: string;
  birth_date: string | null;
  age: number | null;
  country: string | null;
  region_id: number | null;
  invisible: boolean;
  has_location: boolean;
}

/** The member's own profile (my-profile.php, the profile editor): prepared once per connection. */
const myProfile = statement(
  'members_my_profile',
  (userId: number) =>
    sql`SELECT u.id, u.email, u.paid_user, p.name, p.about, p.birth_date::text AS birth_date,
            CASE WHEN p.birth_date IS NULL THEN NULL ELSE date_part('year', age(p.birth_date))::int END AS age,
            p.country, p.region_id, p.gender, p.sexuality, p.relationship_status, p.hair_colour, p.eye_colour,
            p.body_type, p.tattoos, p.signup_reason, p.looking_for, p.position, p.tribes, p.height_cm, p.weight_kg,
            p.pronouns, p.invisible, (p.lat IS NOT NULL) AS has_location
     FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId} AND u.status <> 'deleted'`,
);

export async function findMyProfile(db: Db, userId: number): Promise<MyProfileRow | null> {
  const [row] = await db.query<MyProfileRow>(myProfile(userId));
  return row ?? null;
}

export async function regionCountry(db: Db, regionId: number): Promise<string | null> {
  const [row] = await db.query<{ country: string }>(sql`SELECT country FROM regions WHERE id = ${regionId}`);
  return row?.country ?? null;
}

export async function interestIds(db: Db, keys: string[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(sql`SELECT id FROM interests WHERE key = ANY(${keys}::text[])`);
  return rows.map((r) => r.id);
}

/** Column names a profile update may set; the values are always parameters. */
const EDITABLE_COLUMNS = [
  'name',
  'about',
  'birth_date',
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'signup_reason',
  'looking_for',
  'position',
  'tribes',
  'height_cm',
  'weight_kg',
  'pronouns',
  'country',
  'region_id',
] as const;
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];

export async function updateProfile(db: Db, userId: number, changes: Partial<Record<EditableColumn, unknown>>): Promise<void> {
  const cols = EDITABLE_COLUMNS.filter((c) => c in changes);
  if (cols.length === 0) return;
  // The column names come from EDITABLE_COLUMNS only; every value is a parameter.
  const sets = cols.map((c) => sql`${raw(c)} = ${changes[c]}`);
  await db.query(sql`UPDATE profiles SET ${join(sets, ', ')}, updated_at = now() WHERE user_id = ${userId}`);
}

export async function replaceInterests(db: Db, userId: number, ids: number[]): Promise<void> {
  await db.query(sql`DELETE FROM profile_interests WHERE user_id = ${userId}`);
  if (ids.length > 0) {
    await db.query(sql`INSERT INTO profile_interests (user_id, interest_id) SELECT ${userId}, unnest(${ids}::int[])`);
  }
}
