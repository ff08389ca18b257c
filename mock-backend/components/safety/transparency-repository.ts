import { sql, type Db, type Sql } from '../../lib/db';

/** SQL of the transparency report: statements of reasons of a period without personal data, and the period's counts. */

/** A period of whole UTC days, both included, as a condition on a timestamptz column. */
const within = (column: Sql, from: string, to: string): Sql =>
  sql`${column} >= ${from}::date::timestamp AT TIME ZONE 'UTC' AND ${column} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

export interface StatementRecordRow {
  id: number;
  action: 'remove_content' | 'warn' | 'restrict' | 'suspend' | 'ban' | 'hide';
  content_kind: 'photo' | 'message' | 'profile_text' | null;
  rule: 'fake_scam_spam' | 'harassment_hate' | 'unwanted_sexual' | 'underage' | 'illegal' | 'other';
  source: 'report' | 'notice' | 'own_initiative';
  automated: boolean;
  /** The end of a restriction, suspension or hiding as a UTC date; null for none or without end. */
  end_date: string | null;
  application_date: string;
  content_date: string;
  reversed: boolean;
}

/**
 * Every decision but a dismissal made in the period, oldest first: no text, no member; the content's date is when it
 * was posted (the message, the photo) or, for a measure on the account or profile, when the account was made.
 */
export async function statementRecords(db: Db, siteId: number, from: string, to: string): Promise<StatementRecordRow[]> {
  const utcDate = (column: Sql) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db.query<StatementRecordRow>(
    sql`SELECT d.id, d.action, d.content_kind, d.rule, d.source, d.automated, d.reversed_at IS NOT NULL AS reversed,
               CASE WHEN d.until IS NULL OR d.until = 'infinity' THEN NULL ELSE ${utcDate(sql`d.until`)} END AS end_date,
               ${utcDate(sql`d.created_at`)} AS application_date,
               ${utcDate(sql`coalesce(CASE d.content_kind WHEN 'message' THEN m.created_at WHEN 'photo' THEN ph.created_at END,
                                      u.signup_date, d.created_at)`)} AS content_date
        FROM safety_decisions d
        LEFT JOIN users u ON u.id = d.member_id
        LEFT JOIN messages m ON d.content_kind = 'message' AND m.id = d.content_id
        LEFT JOIN photos ph ON d.content_kind = 'photo' AND ph.id = d.content_id
        WHERE d.site_id = ${siteId} AND d.action <> 'dismiss' AND ${within(sql`d.created_at`, from, to)}
        ORDER BY d.id`,
  );
}

export interface CountRows {
  reports: { reason: string; n: number }[];
  notices: number;
  actions: { action: string; n: number; automated: number }[];
  medianHours: number | null;
  appeals: { filed: number; upheld: number; reversed: number; open: number };
  reversals: number;
}

export async function periodCounts(db: Db, siteId: number, from: string, to: string): Promise<CountRows> {
  const [reports, [notices], actions, [median], [appeals], [reversals]] = await Promise.all([
    db.query<{ reason: string; n: number }>(
      sql`SELECT reason, count(*)::int AS n FROM safety_reports
          WHERE site_id = ${siteId} AND ${within(sql`created_at`, from, to)} GROUP BY reason`,
    ),
    db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM safety_notices WHERE site_id = ${siteId} AND ${within(sql`created_at`, from, to)}`,
    ),
    db.query<{ action: string; n: number; automated: number }>(
      sql`SELECT action, count(*)::int AS n, (count(*) FILTER (WHERE automated))::int AS automated FROM safety_decisions
          WHERE site_id = ${siteId} AND ${within(sql`created_at`, from, to)} GROUP BY action`,
    ),
    db.query<{ hours: number | null }>(
      sql`SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.decided_at - r.created_at)) / 3600)::float8 AS hours
          FROM safety_reports r JOIN safety_decisions d ON d.id = r.decision_id
          WHERE r.site_id = ${siteId} AND r.decided_at IS NOT NULL AND NOT d.automated AND ${within(sql`r.decided_at`, from, to)}`,
    ),
    db.query<CountRows['appeals']>(
      sql`SELECT (count(*) FILTER (WHERE ${within(sql`a.created_at`, from, to)}))::int AS filed,
                 (count(*) FILTER (WHERE a.status = 'upheld' AND ${within(sql`a.decided_at`, from, to)}))::int AS upheld,
                 (count(*) FILTER (WHERE a.status = 'reversed' AND ${within(sql`a.decided_at`, from, to)}))::int AS reversed,
                 (count(*) FILTER (WHERE a.status = 'open' AND ${within(sql`a.created_at`, from, to)}))::int AS open
          FROM safety_appeals a JOIN safety_decisions d ON d.id = a.decision_id WHERE d.site_id = ${siteId}`,
    ),
    db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM safety_decisions
          WHERE site_id = ${siteId} AND reversed_at IS NOT NULL AND ${within(sql`reversed_at`, from, to)}`,
    ),
  ]);
  return {
    reports,
    notices: notices?.n ?? 0,
    actions,
    medianHours: median?.hours ?? null,
    appeals: appeals ?? { filed: 0, upheld: 0, reversed: 0, open: 0 },
    reversals: reversals?.n ?? 0,
  };
}
