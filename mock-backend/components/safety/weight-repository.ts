import { sql, type Db } from '../../lib/db';
import { deprioritisedReporters } from './automation-repository';
import type { ReporterFacts } from './report-weight';
import { RECORD_DAYS, type SafetyThresholds } from './thresholds';

/**
 * SQL of the weighing of reports (the model is report-weight.ts): the facts about reporters that are hard to fake, the
 * links between reporters, the open reports a case weighs and the per-target count of light reports.
 */

/**
 * Per reporter: a confirmed address on an account neither deleted nor suspended, the account's age, the credits of
 * paid bundles he kept for good, his record (upheld and unfounded reports of the record period), whether his
 * reports wait behind the others and whether he is a verified member (his main photo matched with his selfie).
 *
 * Kept credits, per paid bundle of a payment that is paid and not charged back: the bundle's credits, less those
 * refunded (a refund that failed gave them back), less — while the refund window is open — those still in the bundle
 * or held for a spend that may yet be voided, which he could still take back. So a bundle bought and refunded keeps
 * nothing, one bought and left unspent keeps nothing until its window ends, and every credit spent stays spent.
 */
export async function reporterFacts(
  db: Db,
  siteId: number,
  reporterIds: readonly number[],
  limits: Pick<SafetyThresholds, 'unfoundedDeprioritise'>,
): Promise<Map<number, ReporterFacts>> {
  if (reporterIds.length === 0) return new Map();
  const rows = await db.query<ReporterFacts & { id: number }>(
    sql`WITH low AS (${deprioritisedReporters(siteId, limits)}),
        kept AS (
          SELECT l.user_id, sum(greatest(0, l.credits - coalesce(rf.credits, 0)
                   - CASE WHEN l.refundable_until > now() THEN l.remaining + coalesce(h.held, 0) ELSE 0 END))::int AS credits
          FROM credit_lots l
          JOIN payments p ON p.id::text = l.payment_id AND p.status = 'paid' AND p.charged_back_at IS NULL
          LEFT JOIN LATERAL (SELECT sum(r.credits)::int AS credits FROM payment_refunds r
                             WHERE r.payment_id = p.id AND r.status <> 'failed') rf ON true
          LEFT JOIN LATERAL (SELECT -sum(g.delta)::int AS held FROM credit_ledger g
                             JOIN credit_reservations cr ON cr.id = g.reservation_id AND cr.status = 'held'
                             WHERE g.lot_id = l.id) h ON true
          WHERE l.kind = 'paid' AND l.user_id = ANY(${reporterIds}::int[])
          GROUP BY l.user_id
        ),
        record AS (
          SELECT r.reporter_id, count(*) FILTER (WHERE r.status = 'action_taken')::int AS upheld,
                 count(*) FILTER (WHERE r.status = 'no_violation')::int AS unfounded
          FROM safety_reports r
          WHERE r.reporter_id = ANY(${reporterIds}::int[]) AND r.decided_at > now() - make_interval(days => ${RECORD_DAYS}::int)
          GROUP BY r.reporter_id
        )
        SELECT u.id,
               (u.status = 'active' AND u.deleted_at IS NULL AND coalesce(u.suspended_until <= now(), true)) AS confirmed,
               (extract(epoch FROM now() - u.signup_date) / 86400)::float8 AS "ageDays",
               coalesce(k.credits, 0) AS "keptCredits",
               coalesce(rec.upheld, 0) AS upheld, coalesce(rec.unfounded, 0) AS unfounded,
               u.id IN (SELECT reporter_id FROM low) AS deprioritised,
               EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = u.id AND ph.is_main AND ph.status = 'approved'
                         AND ph.verified_by IS NOT NULL) AS verified
        FROM users u LEFT JOIN kept k ON k.user_id = u.id LEFT JOIN record rec ON rec.reporter_id = u.id
        WHERE u.id = ANY(${reporterIds}::int[])`,
  );
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/**
 * Pairs of the reporters (lower id first) that are linked: accounts signed up from one network; accounts used in one
 * browser (a login with another account's device cookie), also through accounts that did not report; accounts that
 * gave the same bank account for direct debit.
 */
export async function reporterLinks(db: Db, reporterIds: readonly number[]): Promise<[number, number][]> {
  if (reporterIds.length < 2) return [];
  const rows = await db.query<{ a: number; b: number }>(
    sql`WITH RECURSIVE browser(origin, id) AS (
          SELECT id, id FROM unnest(${reporterIds}::int[]) AS id
          UNION
          SELECT b.origin, CASE WHEN l.user_id = b.id THEN l.other_id ELSE l.user_id END
          FROM browser b JOIN account_device_links l ON l.user_id = b.id OR l.other_id = b.id
        )
        SELECT x.origin AS a, y.origin AS b FROM browser x JOIN browser y ON x.id = y.id AND x.origin < y.origin
        UNION
        SELECT x.id, y.id FROM users x JOIN users y ON y.signup_network = x.signup_network AND x.id < y.id
        WHERE x.id = ANY(${reporterIds}::int[]) AND y.id = ANY(${reporterIds}::int[])
        UNION
        SELECT least(x.user_id, y.user_id), greatest(x.user_id, y.user_id)
        FROM direct_debit_mandates x
        JOIN direct_debit_mandates y ON upper(replace(y.iban, ' ', '')) = upper(replace(x.iban, ' ', '')) AND x.user_id <> y.user_id
        WHERE x.user_id = ANY(${reporterIds}::int[]) AND y.user_id = ANY(${reporterIds}::int[])`,
  );
  return rows.map((r) => [r.a, r.b]);
}

export interface OpenReportWeightRow {
  member_id: number;
  reporter_id: number | null;
  counted: boolean;
}

/** The open reports of the site (of one member, and of some reasons, when given) as the weighing reads them. */
export async function openReportsToWeigh(
  db: Db,
  siteId: number,
  only: { memberId?: number; reasons?: readonly string[] } = {},
): Promise<OpenReportWeightRow[]> {
  return db.query<OpenReportWeightRow>(
    sql`SELECT member_id, reporter_id, counted FROM safety_reports
        WHERE site_id = ${siteId} AND status = 'open'
          AND (${only.memberId ?? null}::int IS NULL OR member_id = ${only.memberId ?? null}::int)
          AND (${only.reasons ?? null}::text[] IS NULL OR reason = ANY(${only.reasons ?? null}::text[]))`,
  );
}

/** Reports about the member of the last hour that were filed by light reporters (weight above 0, below `lightWeight`) and counted. */
export async function lightReportsLastHour(db: Db, memberId: number, lightWeight: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM safety_reports
        WHERE member_id = ${memberId} AND created_at > now() - interval '1 hour' AND counted
          AND reporter_weight > 0 AND reporter_weight < ${lightWeight}`,
  );
  return row?.n ?? 0;
}
