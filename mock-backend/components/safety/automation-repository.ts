import { sql, type Db, type Sql } from '../../lib/db';
import { RECORD_DAYS, type SafetyThresholds } from './thresholds';

/**
 * SQL of the careful automation: the automated hiding and its end, and reporters' records of unfounded reports. What a
 * report weighs is read by weight-repository.ts.
 */

/** Whether an automated hiding of the member stands (not lifted, not reversed). */
export async function hidingStands(db: Db, memberId: number): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM safety_decisions WHERE member_id = ${memberId} AND action = 'hide' AND reversed_at IS NULL AND until > now() LIMIT 1`,
  );
  return rows.length > 0;
}

/** Ends the automated hiding of the member (a moderator decided about him); answers whether one stood. */
export async function liftHiding(db: Db, memberId: number): Promise<boolean> {
  const rows = await db.query(
    sql`UPDATE safety_decisions SET until = now(), updated_at = now()
        WHERE member_id = ${memberId} AND action = 'hide' AND reversed_at IS NULL AND until > now() RETURNING id`,
  );
  return rows.length > 0;
}

export interface ReporterRecord {
  reporter_id: number;
  unfounded: number;
  upheld: number;
  warned: boolean;
  email: string;
  language: string;
}

/** The reporters' records of the last RECORD_DAYS days: reports found no violation, reports upheld, warned or not. */
export async function reporterRecords(db: Db, reporterIds: number[]): Promise<ReporterRecord[]> {
  if (reporterIds.length === 0) return [];
  return db.query<ReporterRecord>(
    sql`SELECT u.id AS reporter_id, u.email, u.language, u.safety_reporter_warned_at IS NOT NULL AS warned,
               count(r.id) FILTER (WHERE r.status = 'no_violation')::int AS unfounded,
               count(r.id) FILTER (WHERE r.status = 'action_taken')::int AS upheld
        FROM users u LEFT JOIN safety_reports r ON r.reporter_id = u.id AND r.decided_at > now() - make_interval(days => ${RECORD_DAYS}::int)
        WHERE u.id = ANY(${reporterIds}::int[]) GROUP BY u.id`,
  );
}

/** Records the warning once; false when he was warned before (another decision at the same moment). */
export async function markWarned(db: Db, reporterId: number): Promise<boolean> {
  const rows = await db.query(
    sql`UPDATE users SET safety_reporter_warned_at = now(), updated_at = now()
        WHERE id = ${reporterId} AND safety_reporter_warned_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The reporters of the site whose reports wait behind the others, as a subquery of ids: warned once, and since then
 * at least `unfoundedDeprioritise` unfounded reports in the record period, more than those upheld.
 */
export const deprioritisedReporters = (siteId: number, limits: Pick<SafetyThresholds, 'unfoundedDeprioritise'>): Sql =>
  sql`SELECT x.reporter_id FROM safety_reports x JOIN users wu ON wu.id = x.reporter_id
      WHERE x.site_id = ${siteId} AND wu.safety_reporter_warned_at IS NOT NULL
        AND x.decided_at > now() - make_interval(days => ${RECORD_DAYS}::int)
      GROUP BY x.reporter_id
      HAVING count(*) FILTER (WHERE x.status = 'no_violation') >= ${limits.unfoundedDeprioritise}::int
         AND count(*) FILTER (WHERE x.status = 'no_violation') > count(*) FILTER (WHERE x.status = 'action_taken')`;
