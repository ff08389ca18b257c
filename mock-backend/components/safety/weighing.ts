import type { Db } from '../../lib/db';
import { lockMember } from './decision-repository';
import { caseWeight, isLight, LIGHT_WEIGHT, reporterWeight, type CaseWeight } from './report-weight';
import type { SafetyThresholds } from './thresholds';
import * as weights from './weight-repository';

/** The weighing of reports: the facts from weight-repository.ts through the model of report-weight.ts. */

type Limits = Pick<SafetyThresholds, 'unfoundedDeprioritise' | 'targetLightReports'>;

/** Each reporter's weight now. */
export async function reporterWeights(
  db: Db,
  siteId: number,
  reporterIds: readonly number[],
  limits: Limits,
): Promise<Map<number, number>> {
  const facts = await weights.reporterFacts(db, siteId, [...new Set(reporterIds)], limits);
  return new Map([...facts].map(([id, f]) => [id, reporterWeight(f)]));
}

/**
 * Before a report about the member is stored (in its transaction): its reporter's weight, and whether it counts. The
 * member's row is locked first, so reports about one member are weighed one at a time (and a decision about him waits):
 * the per-target limit counts exactly, and a hiding sees every report before it. A light reporter's report (weight
 * above 0, below LIGHT_WEIGHT) counts only while fewer than the site's `targetLightReports` such reports about the
 * member came in the last hour.
 */
export async function weighNewReport(
  tx: Db,
  siteId: number,
  reporterId: number,
  memberId: number,
  limits: Limits,
): Promise<{ weight: number; counted: boolean }> {
  await lockMember(tx, memberId);
  const weight = (await reporterWeights(tx, siteId, [reporterId], limits)).get(reporterId) ?? 0;
  // A report of no weight adds nothing to limit, and must not use up the budget of honest light reporters.
  if (weight === 0 || !isLight(weight)) return { weight, counted: true };
  const recent = await weights.lightReportsLastHour(tx, memberId, LIGHT_WEIGHT);
  return { weight, counted: recent < limits.targetLightReports };
}

/** The weight of the member's open reports of the given reasons, as the model counts it. */
export async function openCaseWeight(
  db: Db,
  siteId: number,
  memberId: number,
  reasons: readonly string[],
  limits: Limits,
): Promise<CaseWeight> {
  const reports = await weights.openReportsToWeigh(db, siteId, { memberId, reasons });
  const reporters = reports.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id]));
  const byReporter = await reporterWeights(db, siteId, reporters, limits);
  const links = await weights.reporterLinks(db, [...byReporter.keys()]);
  return caseWeight(
    reports.map((r) => ({ reporterId: r.reporter_id, counted: r.counted })),
    byReporter,
    links,
  );
}

/** Every open case of the site weighed (all reasons): the weight per reported member and per reporter. */
export async function weighOpenCases(
  db: Db,
  siteId: number,
  limits: Limits,
): Promise<{ cases: Map<number, number>; reporters: Map<number, number> }> {
  const reports = await weights.openReportsToWeigh(db, siteId);
  const reporterIds = [...new Set(reports.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id])))];
  const byReporter = await reporterWeights(db, siteId, reporterIds, limits);
  const links = await weights.reporterLinks(db, reporterIds);
  const perMember = new Map<number, { reporterId: number | null; counted: boolean }[]>();
  for (const r of reports) {
    const list = perMember.get(r.member_id) ?? [];
    list.push({ reporterId: r.reporter_id, counted: r.counted });
    perMember.set(r.member_id, list);
  }
  const cases = new Map([...perMember].map(([memberId, list]) => [memberId, caseWeight(list, byReporter, links).weight]));
  return { cases, reporters: byReporter };
}
