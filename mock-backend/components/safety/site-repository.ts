import { sql, type Db } from '../../lib/db';
import type { SafetyThresholds } from './thresholds';

// The SQL of the site's own rows that the safety component reads: its thresholds and whether it is the first site.

export async function thresholdsOf(db: Db, siteId: number): Promise<SafetyThresholds> {
  const [row] = await db.query<SafetyThresholds>(
    sql`SELECT safety_trusted_reporter_days AS "trustedReporterDays", safety_auto_hide_reports AS "autoHideReports",
               safety_new_account_hours AS "newAccountHours", safety_repeated_first_messages AS "repeatedFirstMessages",
               safety_unfounded_warn AS "unfoundedWarn", safety_unfounded_deprioritise AS "unfoundedDeprioritise"
        FROM sites WHERE id = ${siteId}`,
  );
  if (!row) throw new Error(`site ${siteId} not found`);
  return row;
}

/** Whether the site is the first one (its mails link to PUBLIC_URL itself). */
export async function isFirstSite(db: Db, siteId: number): Promise<boolean> {
  const [row] = await db.query<{ first: boolean }>(sql`SELECT min(id) = ${siteId} AS first FROM sites`);
  return row?.first === true;
}

/** Whether the sender's account is younger than `newAccountHours`, and his profile's country (screening.ts, for every message he sends). */
export async function senderOf(
  db: Db,
  senderId: number,
  newAccountHours: number,
): Promise<{ young: boolean; country: string | null } | undefined> {
  const [sender] = await db.query<{ young: boolean; country: string | null }>(
    sql`SELECT u.signup_date > now() - make_interval(hours => ${newAccountHours}::int) AS young, p.country
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${senderId}`,
  );
  return sender;
}
