import { empty, raw, sql, statement, type Db } from '../../lib/db';
import { SUMMARY_COLUMNS, SUMMARY_JOINS, VISIBLE, type SummaryRow } from '../members/index';
import { notBlocked } from '../privacy/index';

/** How long a footprint is kept and shown. */
const FOOTPRINT_DAYS = 30;
/** A repeated visit within this many minutes writes nothing (a member paging through photos, reloading). */
const QUIET_MINUTES = 5;

/**
 * Records that `viewer` opened `viewed`'s profile, in one statement: nothing when he looks at himself, when either
 * switched footprints off, when he is invisible, when either blocked the other or when the profile is not one others
 * may see on the site; a repeated visit within QUIET_MINUTES leaves the row as it is (no write).
 */
const recordVisit = statement(
  'footprints_record',
  (siteId: number, viewerId: number, viewedId: number) =>
    sql`INSERT INTO footprints (viewed_id, viewer_id)
     SELECT u.id, me.user_id
     FROM users u JOIN profiles p ON p.user_id = u.id
     JOIN profiles me ON me.user_id = ${viewerId}::int
     WHERE u.id = ${viewedId}::int AND u.site_id = ${siteId}::int AND u.id <> me.user_id
       AND ${VISIBLE} AND p.footprints_enabled AND me.footprints_enabled AND NOT me.invisible
       AND ${notBlocked(viewerId, raw('u.id'))}
     ON CONFLICT (viewed_id, viewer_id) DO UPDATE SET last_viewed_at = now(), seen_at = NULL
     WHERE footprints.last_viewed_at < now() - ${QUIET_MINUTES}::int * interval '1 minute'`,
);

export async function recordVisitOf(db: Db, siteId: number, viewerId: number, viewedId: number): Promise<void> {
  await db.query(recordVisit(siteId, viewerId, viewedId));
}

/** Which visitors the member sees: recent, visible, not invisible, no block either way. */
const SHOWN = (userId: number) =>
  sql`f.viewed_id = ${userId}::int AND f.last_viewed_at > now() - ${FOOTPRINT_DAYS}::int * interval '1 day'
     AND ${VISIBLE} AND NOT p.invisible AND ${notBlocked(userId, raw('u.id'))}`;

export interface FootprintRow extends SummaryRow {
  last_viewed_at: Date;
  is_new: boolean;
  /** The visit's time in microseconds since the epoch, exact (the page's cursor). */
  cursor_us: string;
}

export interface FootprintCursor {
  us: string;
  id: number;
}

/** One page of the member's footprints, newest visit first (keyset on last_viewed_at, viewer_id). */
export async function listFootprints(db: Db, userId: number, limit: number, after: FootprintCursor | null): Promise<FootprintRow[]> {
  const position = after
    ? sql`AND (f.last_viewed_at, f.viewer_id) < (timestamptz 'epoch' + ${after.us}::bigint * interval '1 microsecond', ${after.id}::int)`
    : empty;
  return db.query<FootprintRow>(
    sql`SELECT ${SUMMARY_COLUMNS}, f.last_viewed_at, f.seen_at IS NULL AS is_new,
       (extract(epoch FROM f.last_viewed_at) * 1000000)::bigint::text AS cursor_us
     FROM footprints f JOIN users u ON u.id = f.viewer_id ${SUMMARY_JOINS}
     WHERE ${SHOWN(userId)} ${position}
     ORDER BY f.last_viewed_at DESC, f.viewer_id DESC
     LIMIT ${limit}`,
  );
}

/** Marks every footprint of the member seen (he opened his list). */
export async function markSeen(db: Db, userId: number): Promise<void> {
  await db.query(sql`UPDATE footprints SET seen_at = now() WHERE viewed_id = ${userId} AND seen_at IS NULL`);
}

/** The navigation's count of new footprints (on every member page): prepared once; null when he switched them off. */
const countNew = statement(
  'footprints_count_new',
  (userId: number) =>
    sql`SELECT CASE WHEN me.footprints_enabled THEN (
         SELECT count(*)::int FROM footprints f JOIN users u ON u.id = f.viewer_id JOIN profiles p ON p.user_id = u.id
         WHERE ${SHOWN(userId)} AND f.seen_at IS NULL) END AS n
     FROM profiles me WHERE me.user_id = ${userId}::int`,
);

export async function countNewFootprints(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.query<{ n: number | null }>(countNew(userId));
  return row?.n ?? null;
}

export async function isEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query<{ enabled: boolean }>(sql`SELECT footprints_enabled AS enabled FROM profiles WHERE user_id = ${userId}`);
  return row?.enabled ?? false;
}

export async function setEnabled(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db.query(sql`UPDATE profiles SET footprints_enabled = ${enabled}, updated_at = now() WHERE user_id = ${userId}`);
}

/** Deletes footprints older than FOOTPRINT_DAYS; answers how many. */
export async function deleteExpired(db: Db): Promise<number> {
  const rows = await db.query(
    sql`DELETE FROM footprints WHERE last_viewed_at <= now() - ${FOOTPRINT_DAYS}::int * interval '1 day' RETURNING 1`,
  );
  return rows.length;
}

/** The member's footprints both ways for his data export (other members by their profile name only). */
export async function exportRows(db: Db, userId: number): Promise<{ left: boolean; name: string | null; at: Date }[]> {
  return db.query(
    sql`SELECT true AS left, p.name, f.last_viewed_at AS at FROM footprints f LEFT JOIN profiles p ON p.user_id = f.viewed_id
       WHERE f.viewer_id = ${userId}
     UNION ALL
     SELECT false, p.name, f.last_viewed_at FROM footprints f LEFT JOIN profiles p ON p.user_id = f.viewer_id
       WHERE f.viewed_id = ${userId}
     ORDER BY 3 DESC`,
  );
}
