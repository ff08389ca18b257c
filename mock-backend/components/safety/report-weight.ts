/**
 * The weight of a report: what its reporter could not fake cheaply. A confirmed address is the entry ticket; then the
 * account's age, money he kept spent, and reports of his that moderators upheld each add a share; unfounded reports
 * take it down. Reporters linked to each other (one signup network, one browser, one bank account) count as one, and
 * light reporters together never make a case on their own. Every number of the model is here and only here
 * (docs/trust-and-safety.md, "Weighed reports", says why each); weight-repository.ts reads the facts in SQL.
 */

/** Report reasons that hide a profile before a moderator looks, when enough independent weight says so. */
export const HIDE_BEFORE_REVIEW: readonly string[] = ['underage'];

/** An account younger than this adds nothing for its age (a week outlives most throw-away accounts). */
export const AGE_MIN_DAYS = 7;
/** The age at which an account adds its whole age share. */
export const AGE_FULL_DAYS = 90;
/** The age share (of an account AGE_FULL_DAYS old or older). */
export const AGE_WEIGHT = 0.5;
/** Credits bought and kept for good that add the whole money share: the cheapest bundle. */
export const MONEY_FULL_CREDITS = 100;
/** The money share. */
export const MONEY_WEIGHT = 0.5;
/** What each report of his that a moderator upheld (record period) adds. */
export const UPHELD_WEIGHT = 0.25;
/** Upheld reports beyond this many add nothing more. */
export const UPHELD_MAX_COUNT = 4;
/**
 * What being a verified member adds (a moderator matched his selfie in a pose with his photos): a real person stands
 * behind the account, which a farm of throw-away accounts cannot fake cheaply. Less than the age or money share: a
 * real face alone does not make a reporter right, and on its own it keeps him light.
 */
export const VERIFIED_WEIGHT = 0.25;
/** One reporter never weighs more: his word alone never reaches a hiding threshold (at least 2). */
export const REPORTER_MAX_WEIGHT = 1.5;
/** Each unfounded report more than his upheld ones divides his weight by (1 + this × the excess). */
export const UNFOUNDED_PENALTY = 0.5;
/** A reporter below this weight is light: the per-target limit applies to him. */
export const LIGHT_WEIGHT = 0.5;
/** All light reporters of one case together add at most this much. */
export const LIGHT_CASE_MAX = 1;
/** A hiding before review needs at least this many independent reporters, whatever their weight. */
export const MIN_INDEPENDENT_REPORTERS = 2;

/** What the database knows about a reporter (weight-repository.ts `reporterFacts`). */
export interface ReporterFacts {
  /** His address is confirmed and his account neither deleted nor suspended. */
  confirmed: boolean;
  ageDays: number;
  /** Credits of paid bundles that can no longer come back to him: spent, or past the refund window; never refunded or charged back. */
  keptCredits: number;
  /** His reports upheld and found no violation in the record period. */
  upheld: number;
  unfounded: number;
  /** Warned, and his reports keep being unfounded: they wait behind the others. */
  deprioritised: boolean;
  /** A verified member: his main photo is one a moderator matched with his selfie. */
  verified: boolean;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const share = (value: number, full: number): number => Math.min(1, Math.max(0, value) / full);

/** A reporter's weight, 0 to REPORTER_MAX_WEIGHT, to two decimals. */
export function reporterWeight(f: ReporterFacts): number {
  if (!f.confirmed || f.deprioritised) return 0;
  const age = f.ageDays < AGE_MIN_DAYS ? 0 : AGE_WEIGHT * share(f.ageDays, AGE_FULL_DAYS);
  const money = MONEY_WEIGHT * share(f.keptCredits, MONEY_FULL_CREDITS);
  const upheld = UPHELD_WEIGHT * Math.min(Math.max(0, f.upheld), UPHELD_MAX_COUNT);
  const verified = f.verified ? VERIFIED_WEIGHT : 0;
  const excess = Math.max(0, f.unfounded - f.upheld);
  return round2(Math.min(REPORTER_MAX_WEIGHT, age + money + upheld + verified) / (1 + UNFOUNDED_PENALTY * excess));
}

export const isLight = (weight: number): boolean => weight < LIGHT_WEIGHT;

/** One open report as the case weight reads it. */
export interface WeighedReport {
  reporterId: number | null;
  /** False when the per-target limit stored it without weight. */
  counted: boolean;
}

export interface CaseWeight {
  weight: number;
  /** Reporters with weight once linked ones are taken together. */
  independent: number;
}

/**
 * The weight of a member's reports: each counted report's reporter once; linked reporters (pairs in `links`, taken
 * transitively) as one, weighing what the heaviest of them weighs; light reporters together at most LIGHT_CASE_MAX.
 */
export function caseWeight(
  reports: readonly WeighedReport[],
  weights: ReadonlyMap<number, number>,
  links: readonly (readonly [number, number])[],
): CaseWeight {
  const reporters = [
    ...new Set(reports.flatMap((r) => (r.counted && r.reporterId !== null && (weights.get(r.reporterId) ?? 0) > 0 ? [r.reporterId] : []))),
  ];
  const parent = new Map(reporters.map((id) => [id, id]));
  const root = (id: number): number => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r) as number;
    parent.set(id, r);
    return r;
  };
  for (const [a, b] of links) if (parent.has(a) && parent.has(b)) parent.set(root(a), root(b));
  const groups = new Map<number, number>();
  for (const id of reporters) groups.set(root(id), Math.max(groups.get(root(id)) ?? 0, weights.get(id) ?? 0));
  let heavy = 0;
  let light = 0;
  for (const w of groups.values())
    if (isLight(w)) light += w;
    else heavy += w;
  return { weight: round2(heavy + Math.min(light, LIGHT_CASE_MAX)), independent: groups.size };
}

/** Whether the reports of a hiding reason hide the profile before a moderator looks. */
export const hidesBeforeReview = (c: CaseWeight, threshold: number): boolean =>
  c.independent >= MIN_INDEPENDENT_REPORTERS && c.weight >= threshold;

/** A member waiting in the moderators' queue. */
export interface QueuedMember {
  memberId: number;
  /** An automated hiding stands: he is out of the search until a moderator decides. */
  hidden: boolean;
  weight: number;
  /** Every report of his case comes from deprioritised reporters (and no notice names him). */
  low: boolean;
  oldest: Date;
}

/** The queue's order: hidden before review first, then the heavier case, then not deprioritised, then the oldest report. */
export function queueOrder(a: QueuedMember, b: QueuedMember): number {
  return (
    Number(b.hidden) - Number(a.hidden) ||
    b.weight - a.weight ||
    Number(a.low) - Number(b.low) ||
    a.oldest.getTime() - b.oldest.getTime() ||
    a.memberId - b.memberId
  );
}
