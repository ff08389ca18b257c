import { sql, type Db, type Sql } from '../../lib/db';

/** SQL of the transparency report: statements of reasons of a period without personal data, and the period's counts. */

/** A period of whole UTC days, both included, as a condition on a timestamptz column. */
const within = (column: Sql, from: string, to: string): Sql =>
  sql`${column} >= ${from}::date::timestamp AT TIME ZONE 'UTC' AND ${column} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

export interface StatementRecordRow {
  id: number;
  action: 'remove_content' | 'restrict' | 'suspend' | 'ban' | 'hide';
  content_kind: 'photo' | 'message' | 'profile_text' | null;
  rule: 'fake_scam_spam' | 'harassment_hate' | 'unwanted_sexual' | 'underage' | 'illegal' | 'other';
  source: 'report' | 'notice' | 'own_initiative';
  /** The database's category and keyword the moderator chose; null when he was not asked. */
  category: string | null;
  category_specification: string | null;
  automated: boolean;
  /** The end of a restriction, suspension or hiding as a UTC date; null for none or without end. */
  end_date: string | null;
  application_date: string;
  content_date: string;
  reversed: boolean;
}

const RECORD_COLUMNS = (utcDate: (column: Sql) => Sql) =>
  sql`d.id, d.action, d.content_kind, d.rule, d.source, d.category, d.category_specification, d.automated,
      d.reversed_at IS NOT NULL AS reversed,
      CASE WHEN d.until IS NULL OR d.until = 'infinity' THEN NULL ELSE ${utcDate(sql`d.until`)} END AS end_date,
      ${utcDate(sql`d.created_at`)} AS application_date,
      ${utcDate(sql`coalesce(CASE d.content_kind WHEN 'message' THEN m.created_at WHEN 'photo' THEN ph.created_at END,
                             u.signup_date, d.created_at)`)} AS content_date`;

const RECORD_JOINS = sql`LEFT JOIN users u ON u.id = d.member_id
  LEFT JOIN messages m ON d.content_kind = 'message' AND m.id = d.content_id
  LEFT JOIN photos ph ON d.content_kind = 'photo' AND ph.id = d.content_id`;

const utcDate = (column: Sql) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** A statement for the database: a restriction (neither a dismissal nor a warning, which restricts nothing). */
const RESTRICTION = sql`d.action NOT IN ('dismiss', 'warn')`;

/**
 * Every restriction decided in the period, oldest first: no text, no member; the content's date is when it was
 * posted (the message, the photo) or, for a measure on the account or profile, when the account was made.
 */
export async function statementRecords(db: Db, siteId: number, from: string, to: string): Promise<StatementRecordRow[]> {
  return db.query<StatementRecordRow>(
    sql`SELECT ${RECORD_COLUMNS(utcDate)} FROM safety_decisions d ${RECORD_JOINS}
        WHERE d.site_id = ${siteId} AND ${RESTRICTION} AND ${within(sql`d.created_at`, from, to)}
        ORDER BY d.id`,
  );
}

/**
 * The next statements the database has not taken, oldest first: restrictions standing (a decision reversed before it
 * was sent is never sent) that no delivery row records.
 */
export async function undelivered(db: Db, siteId: number, limit: number): Promise<StatementRecordRow[]> {
  return db.query<StatementRecordRow>(
    sql`SELECT ${RECORD_COLUMNS(utcDate)} FROM safety_decisions d ${RECORD_JOINS}
        WHERE d.site_id = ${siteId} AND ${RESTRICTION} AND d.reversed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM safety_tdb_deliveries t WHERE t.decision_id = d.id)
        ORDER BY d.id LIMIT ${limit}`,
  );
}

/** Records statements the database took (or already held under their PUID); a second record of one changes nothing. */
export async function recordDeliveries(db: Db, delivered: { decisionId: number; puid: string; uuid: string | null }[]): Promise<void> {
  if (delivered.length === 0) return;
  await db.query(
    sql`INSERT INTO safety_tdb_deliveries (decision_id, puid, tdb_uuid)
        SELECT * FROM unnest(${delivered.map((d) => d.decisionId)}::int[], ${delivered.map((d) => d.puid)}::text[],
                             ${delivered.map((d) => d.uuid)}::text[])
        ON CONFLICT (decision_id) DO NOTHING`,
  );
}

/** Records a withdrawal for every delivered statement whose decision was reversed since; answers how many are new. */
export async function recordWithdrawals(db: Db, siteId: number): Promise<number> {
  const rows = await db.query<{ decision_id: number }>(
    sql`INSERT INTO safety_tdb_withdrawals (decision_id, reversed_at)
        SELECT d.id, d.reversed_at FROM safety_decisions d JOIN safety_tdb_deliveries t ON t.decision_id = d.id
        WHERE d.site_id = ${siteId} AND d.reversed_at IS NOT NULL
        ON CONFLICT (decision_id) DO NOTHING
        RETURNING decision_id`,
  );
  return rows.length;
}

/** The statements delivered and then reversed, with the PUID each was filed under, oldest reversal first. */
export async function withdrawals(db: Db, siteId: number): Promise<{ puid: string; reversed_at: string }[]> {
  return db.query<{ puid: string; reversed_at: string }>(
    sql`SELECT t.puid, to_char(w.reversed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS reversed_at
        FROM safety_tdb_withdrawals w JOIN safety_tdb_deliveries t ON t.decision_id = w.decision_id
        JOIN safety_decisions d ON d.id = w.decision_id
        WHERE d.site_id = ${siteId} ORDER BY w.reversed_at, w.decision_id`,
  );
}

/** Ids of the sites whose statements go to the database, with their countries. */
export async function sites(db: Db): Promise<{ id: number; countries: string[] }[]> {
  return db.query<{ id: number; countries: string[] }>(sql`SELECT id, countries FROM sites ORDER BY id`);
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
