import { raw, sql, type Db, type Sql } from '../../lib/db';
import { deprioritisedReporters } from './automation-repository';
import { isoOrInfinity } from './decision-repository';
import type { EvidenceMessage } from './report-repository';
import type { SafetyThresholds } from './thresholds';

/** SQL of the moderators' report queue: which members wait, and what a moderator reads about each. */

export interface WaitingMemberRow {
  member_id: number;
  /** His oldest open report or notice. */
  oldest: Date;
  /** An automated hiding of his profile stands (hidden before review). */
  hidden: boolean;
  /** Every open report about him is from a reporter whose reports wait behind the others (and no notice names him). */
  low: boolean;
}

/** Every member with open reports or notices; the service orders them (report-weight.ts `queueOrder`). */
export async function queueMembers(db: Db, siteId: number, limits: SafetyThresholds): Promise<WaitingMemberRow[]> {
  return db.query<WaitingMemberRow>(
    sql`WITH low AS (${deprioritisedReporters(siteId, limits)}),
        items AS (
          SELECT member_id, created_at, coalesce(reporter_id IN (SELECT reporter_id FROM low), false) AS low
          FROM safety_reports WHERE site_id = ${siteId} AND status = 'open'
          UNION ALL
          SELECT member_id, created_at, false FROM safety_notices
          WHERE site_id = ${siteId} AND status = 'open' AND member_id IS NOT NULL
        )
        SELECT i.member_id, min(i.created_at) AS oldest, bool_and(i.low) AS low,
               EXISTS (SELECT 1 FROM safety_decisions d WHERE d.member_id = i.member_id AND d.action = 'hide'
                         AND d.reversed_at IS NULL AND d.until > now()) AS hidden
        FROM items i GROUP BY i.member_id`,
  );
}

export interface CaseMemberRow {
  id: number;
  name: string;
  about: string;
  signup_date: Date;
  account_age_days: number;
  suspended_until: string | null;
  restricted_until: string | null;
}

export async function caseMember(db: Db, memberId: number): Promise<CaseMemberRow | null> {
  const [row] = await db.query<CaseMemberRow>(
    sql`SELECT u.id, coalesce(p.name, '') AS name, coalesce(p.about, '') AS about, u.signup_date,
               (current_date - u.signup_date::date)::int AS account_age_days,
               ${isoOrInfinity(raw('u.suspended_until'))} AS suspended_until,
               ${isoOrInfinity(raw('u.restricted_until'))} AS restricted_until
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${memberId}`,
  );
  return row ?? null;
}

export async function memberPhotos(
  db: Db,
  memberId: number,
): Promise<{ id: number; filename: string; thumb_filename: string; status: 'approved' | 'pending' | 'rejected' }[]> {
  return db.query(sql`SELECT id, filename, thumb_filename, status FROM photos WHERE user_id = ${memberId} ORDER BY position, id`);
}

export interface QueuedReportRow {
  id: number;
  member_id: number;
  decision_id: number | null;
  target_kind: 'profile' | 'message' | 'photo';
  target_id: number;
  reason: string;
  details: string;
  evidence: { messages?: EvidenceMessage[] };
  created_at: Date;
  reporter_id: number | null;
  /** False when the per-target limit stored it without weight. */
  counted: boolean;
  filed: number;
  upheld: number;
  unfounded: number;
  deprioritised: boolean;
}

/** Reports as a moderator reads them (what `where` selects, oldest first), each with its reporter's track record. */
const reportsWhere = (siteId: number, limits: SafetyThresholds, where: Sql): Sql =>
  sql`SELECT r.id, r.member_id, r.decision_id, r.target_kind, r.target_id, r.reason, r.details, r.evidence, r.created_at,
             r.reporter_id, r.counted,
             coalesce(t.filed, 0) AS filed, coalesce(t.upheld, 0) AS upheld, coalesce(t.unfounded, 0) AS unfounded,
             coalesce(r.reporter_id IN (${deprioritisedReporters(siteId, limits)}), false) AS deprioritised
      FROM safety_reports r
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS filed, (count(*) FILTER (WHERE x.status = 'action_taken'))::int AS upheld,
               (count(*) FILTER (WHERE x.status = 'no_violation'))::int AS unfounded
        FROM safety_reports x WHERE x.reporter_id = r.reporter_id
      ) t ON r.reporter_id IS NOT NULL
      WHERE ${where} ORDER BY r.id`;

/**
 * The member's open reports, oldest first, each with whether it counts, its reporter's track record (filed, upheld,
 * unfounded) and whether his reports wait behind the others.
 */
export async function openReportsAbout(db: Db, siteId: number, memberId: number, limits: SafetyThresholds): Promise<QueuedReportRow[]> {
  return db.query<QueuedReportRow>(reportsWhere(siteId, limits, sql`r.member_id = ${memberId} AND r.status = 'open'`));
}

/**
 * The reports the decisions took (each decision about its member), oldest first, as the queue shows them: what an
 * appeal's moderator reads beside the decision it contests.
 */
export async function reportsOfDecisions(
  db: Db,
  siteId: number,
  decisions: readonly { id: number; member_id: number }[],
  limits: SafetyThresholds,
): Promise<(QueuedReportRow & { decision_id: number })[]> {
  if (decisions.length === 0) return [];
  const members = [...new Set(decisions.map((d) => d.member_id))];
  return db.query<QueuedReportRow & { decision_id: number }>(
    reportsWhere(
      siteId,
      limits,
      sql`r.member_id = ANY(${members}::int[]) AND r.decision_id = ANY(${decisions.map((d) => d.id)}::int[]) AND r.site_id = ${siteId}`,
    ),
  );
}

export interface DecisionSummaryRow {
  id: number;
  action: string;
  rule: string;
  created_at: Date;
  reversed: boolean;
}

export async function earlierDecisions(db: Db, memberId: number): Promise<DecisionSummaryRow[]> {
  return db.query<DecisionSummaryRow>(
    sql`SELECT id, action, rule, created_at, reversed_at IS NOT NULL AS reversed
        FROM safety_decisions WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 50`,
  );
}
