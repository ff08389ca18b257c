import { describe, expect, it } from 'vitest';
import {
  AGE_FULL_DAYS,
  AGE_MIN_DAYS,
  caseWeight,
  hidesBeforeReview,
  LIGHT_CASE_MAX,
  MIN_INDEPENDENT_REPORTERS,
  MONEY_FULL_CREDITS,
  queueOrder,
  REPORTER_MAX_WEIGHT,
  reporterWeight,
  UNFOUNDED_PENALTY,
  UPHELD_MAX_COUNT,
  UPHELD_WEIGHT,
  VERIFIED_WEIGHT,
  type QueuedMember,
  type ReporterFacts,
} from './report-weight';

/** The model of a report's weight alone: the numbers and how they combine (the SQL that reads the facts is tested with it in automation.test.ts). */

const established: ReporterFacts = {
  verified: false,
  confirmed: true,
  ageDays: AGE_FULL_DAYS,
  keptCredits: 0,
  upheld: 0,
  unfounded: 0,
  deprioritised: false,
};

describe('a reporter’s weight', () => {
  it('When an account is unconfirmed, deprioritised or just made, then it weighs nothing, whatever it paid and refunded', () => {
    expect(reporterWeight({ ...established, confirmed: false, keptCredits: 1000, upheld: 4 })).toBe(0);
    expect(reporterWeight({ ...established, deprioritised: true, upheld: 4 })).toBe(0);
    // A fresh confirmed account whose bundle was refunded: no age, nothing kept.
    expect(reporterWeight({ ...established, ageDays: 0.1, keptCredits: 0 })).toBe(0);
    expect(reporterWeight({ ...established, ageDays: AGE_MIN_DAYS - 0.01 })).toBe(0);
  });

  it('When a reporter is a verified member, then he weighs a quarter more, still light on his own, never past the maximum, and nothing unconfirmed', () => {
    expect(VERIFIED_WEIGHT).toBe(0.25);
    expect(reporterWeight({ ...established, verified: true })).toBe(0.75);
    // A new verified account: a real face, but on its own still a light reporter.
    expect(reporterWeight({ ...established, ageDays: 10, verified: true })).toBeCloseTo(0.25 + (0.5 * 10) / AGE_FULL_DAYS, 2);
    expect(reporterWeight({ ...established, ageDays: 10, verified: true })).toBeLessThan(0.5);
    expect(reporterWeight({ ...established, keptCredits: 10 * MONEY_FULL_CREDITS, upheld: 4, verified: true })).toBe(1.5);
    expect(reporterWeight({ ...established, confirmed: false, verified: true })).toBe(0);
  });

  it('When age, money kept and upheld reports add up, then each adds its share and one reporter never weighs more than the maximum', () => {
    expect(reporterWeight(established)).toBe(0.5);
    expect(reporterWeight({ ...established, ageDays: AGE_FULL_DAYS / 2 })).toBe(0.25);
    expect(reporterWeight({ ...established, ageDays: 10 * AGE_FULL_DAYS })).toBe(0.5);
    expect(reporterWeight({ ...established, keptCredits: MONEY_FULL_CREDITS / 2 })).toBe(0.75);
    expect(reporterWeight({ ...established, keptCredits: 10 * MONEY_FULL_CREDITS })).toBe(1);
    expect(reporterWeight({ ...established, upheld: 2 })).toBe(1);
    // Upheld reports beyond the count add nothing more (money kept out so the maximum does not cap it first).
    expect(reporterWeight({ ...established, ageDays: 0, upheld: UPHELD_MAX_COUNT + 3 })).toBe(UPHELD_MAX_COUNT * UPHELD_WEIGHT);
    expect(reporterWeight({ ...established, keptCredits: MONEY_FULL_CREDITS, upheld: 10 })).toBe(REPORTER_MAX_WEIGHT);
  });

  it('When his reports were found unfounded more often than upheld, then each such report takes weight off', () => {
    expect(reporterWeight({ ...established, upheld: 2, unfounded: 2 })).toBe(1);
    expect(reporterWeight({ ...established, unfounded: 1 })).toBe(Math.round((0.5 / (1 + UNFOUNDED_PENALTY)) * 100) / 100);
    expect(reporterWeight({ ...established, unfounded: 1 })).toBe(0.33);
    expect(reporterWeight({ ...established, unfounded: 2 })).toBe(0.25);
    expect(reporterWeight({ ...established, upheld: 1, unfounded: 5 })).toBe(0.25);
  });
});

describe('a case’s weight', () => {
  const weights = new Map([
    [1, 1],
    [2, 1],
    [3, 0.9],
    [4, 0.4],
    [5, 0.4],
    [6, 0.4],
    [7, 0],
  ]);
  const reports = (...ids: number[]) => ids.map((reporterId) => ({ reporterId, counted: true }));

  it('When reporters are linked, then they count as one, weighing what the heaviest of them weighs, also through a chain', () => {
    expect(caseWeight(reports(1, 2, 3), weights, [])).toEqual({ weight: 2.9, independent: 3 });
    expect(caseWeight(reports(1, 2, 3), weights, [[1, 3]])).toEqual({ weight: 2, independent: 2 });
    expect(
      caseWeight(reports(1, 2, 3), weights, [
        [1, 3],
        [3, 2],
      ]),
    ).toEqual({ weight: 1, independent: 1 });
  });

  it('When one reporter files several reports, reports count no weight, or reporters weigh nothing, then they add nothing', () => {
    expect(caseWeight(reports(1, 1, 1), weights, [])).toEqual({ weight: 1, independent: 1 });
    expect(caseWeight([...reports(1), { reporterId: 2, counted: false }, { reporterId: null, counted: true }], weights, [])).toEqual({
      weight: 1,
      independent: 1,
    });
    expect(caseWeight(reports(7, 7), weights, [])).toEqual({ weight: 0, independent: 0 });
  });

  it('When many light reporters report, then together they add at most the light maximum', () => {
    expect(caseWeight(reports(4, 5, 6), weights, [])).toEqual({ weight: LIGHT_CASE_MAX, independent: 3 });
    expect(caseWeight(reports(1, 4, 5, 6), weights, [])).toEqual({ weight: 1 + LIGHT_CASE_MAX, independent: 4 });
  });

  it('When the weight reaches the threshold, then it hides only with at least two independent reporters', () => {
    expect(hidesBeforeReview({ weight: 2, independent: 2 }, 2)).toBe(true);
    expect(hidesBeforeReview({ weight: 1.99, independent: 3 }, 2)).toBe(false);
    expect(hidesBeforeReview({ weight: 1.5, independent: MIN_INDEPENDENT_REPORTERS - 1 }, 1)).toBe(false);
  });
});

describe('the queue’s order', () => {
  const member = (memberId: number, m: Partial<QueuedMember>): QueuedMember => ({
    memberId,
    hidden: false,
    weight: 0,
    low: false,
    oldest: new Date('2026-01-01T00:00:00Z'),
    ...m,
  });

  it('When cases wait, then hidden before review come first, then the heavier, then those not only from deprioritised reporters, then the oldest', () => {
    const members = [
      member(1, { oldest: new Date('2025-12-01T00:00:00Z') }),
      member(2, { weight: 1.5 }),
      member(3, { hidden: true, weight: 0.5 }),
      member(4, { low: true, oldest: new Date('2025-11-01T00:00:00Z') }),
      member(5, { weight: 1.5, oldest: new Date('2025-12-15T00:00:00Z') }),
      member(6, {}),
    ];
    expect(members.sort(queueOrder).map((m) => m.memberId)).toEqual([3, 5, 2, 1, 6, 4]);
  });
});
