import { sql, type Db } from '../../lib/db';
import type { SafetyThresholds } from './thresholds';

// The SQL of the site's own rows that the safety component reads: its thresholds and whether it is the first site.

export async function thresholdsOf(db: Db, siteId: number): Promise<SafetyThresholds> {
  const [row] = await db.query<SafetyThresholds>(
    sql`SELECT safety_hide_weight::float8 AS "hideWeight", safety_target_light_reports AS "targetLightReports",
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

/** The site's screening thresholds and the sender's account as screening reads them. */
interface SenderScreening {
  newAccountHours: number;
  repeatedFirstMessages: number;
  /** His account is younger than newAccountHours and he is not a verified member (a moderator matched his selfie). */
  young: boolean;
  /** The countries a phone number in his message may be written for: his profile's, the recipient's, the site's own. */
  country: string | null;
  recipientCountry: string | null;
  /** The site's own country: the first of its countries. */
  siteCountry: string | null;
}

/**
 * What the screening of a sender's message needs, in one statement (it runs on every message): the site's two
 * thresholds, whether his account is younger than the first (a verified member's never counts as young: a moderator
 * has seen that he is the man in his photos), and the countries a phone number in it may be written for — his
 * profile's, the recipient's and the site's own (screening.ts).
 */
export async function screeningOf(db: Db, siteId: number, senderId: number, recipientId: number): Promise<SenderScreening | undefined> {
  const [row] = await db.query<SenderScreening>(
    sql`SELECT s.safety_new_account_hours AS "newAccountHours", s.safety_repeated_first_messages AS "repeatedFirstMessages",
               (u.signup_date > now() - make_interval(hours => s.safety_new_account_hours)
                AND NOT EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = u.id AND ph.is_main AND ph.status = 'approved'
                                  AND ph.verified_by IS NOT NULL)) AS young,
               p.country, (SELECT r.country FROM profiles r WHERE r.user_id = ${recipientId}) AS "recipientCountry",
               s.countries[1] AS "siteCountry"
        FROM sites s JOIN users u ON u.id = ${senderId} LEFT JOIN profiles p ON p.user_id = u.id
        WHERE s.id = ${siteId}`,
  );
  return row;
}
