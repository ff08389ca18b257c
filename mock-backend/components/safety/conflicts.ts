import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { canonicalAddress } from './canonical-address';
import * as repo from './conflict-repository';
import { mailAddress } from './report-repository';

/**
 * Who may decide (moderators do not judge their own cases). A moderator or admin may not decide:
 *
 * - about himself (`own_case`);
 * - a case holding an open report he filed or a notice he sent (`own_report`), nor dismiss such a notice;
 * - an appeal of a decision his own report or notice caused: he filed one of the reports it covered, or sent a
 *   notice it handled (`appeal_own_report`);
 * - about a member he blocked, who blocked him, or with whom he has a conversation — for an appeal also the member
 *   who appealed (`conflict_of_interest`).
 *
 * A notice is his when its address is his account's, compared as one mailbox (canonical-address.ts: case, `+tag`,
 * Gmail's dots…), whether or not he was logged in when he sent it. The queues mark each case and appeal for the
 * moderator asking, with the same rules, so the console shows why it is not his to decide.
 */

/** A test of a notice's address against the moderator's own (as one mailbox). */
export type OwnAddress = (email: string) => boolean;

/** The moderator's own address as a test. */
export async function ownAddressOf(db: Db, moderatorId: number): Promise<OwnAddress> {
  const account = await mailAddress(db, moderatorId);
  const own = account ? canonicalAddress(account.email) : null;
  return (email) => own !== null && canonicalAddress(email) === own;
}

/** Those of the members the moderator is tied to: a block either way, or a conversation. */
export const tiedMembers = (db: Db, moderatorId: number, memberIds: number[]) => repo.tiedMembers(db, moderatorId, [...new Set(memberIds)]);

/**
 * Refuses a decision about the member's case (with the notices it lists) that the moderator may not take: about
 * himself (own_case), holding his own report or notice (own_report), about a member he is tied to
 * (conflict_of_interest).
 */
export async function assertMayDecideCase(
  db: Db,
  q: { siteId: number; moderatorId: number; memberId: number; noticeIds: number[] },
): Promise<void> {
  if (q.memberId === q.moderatorId) throw new AppError(403, 'own_case');
  if (await repo.hasOpenReportAbout(db, q.siteId, q.moderatorId, q.memberId)) throw new AppError(403, 'own_report');
  const own = await ownAddressOf(db, q.moderatorId);
  if ((await repo.caseNoticeAddresses(db, q.siteId, q.memberId, q.noticeIds)).some(own)) throw new AppError(403, 'own_report');
  if ((await repo.tiedMembers(db, q.moderatorId, [q.memberId])).size > 0) throw new AppError(403, 'conflict_of_interest');
}

/** Refuses the dismissal of a notice the moderator sent himself (own_report). */
export async function assertMayDismissNotice(db: Db, q: { siteId: number; moderatorId: number; noticeId: number }): Promise<void> {
  const address = await repo.noticeAddress(db, q.siteId, q.noticeId);
  if (address !== null && (await ownAddressOf(db, q.moderatorId))(address)) throw new AppError(403, 'own_report');
}

export interface AppealParties {
  decisionId: number;
  memberId: number;
  appellantId: number | null;
}

/**
 * For each appeal (by its decision), whether the moderator's own report or notice caused the decision, and whether
 * he is tied to the member it is about or to the appellant.
 */
export async function appealMarks(
  db: Db,
  moderatorId: number,
  appeals: AppealParties[],
): Promise<{ ownReport: (decisionId: number) => boolean; conflict: (a: AppealParties) => boolean }> {
  const decisionIds = [...new Set(appeals.map((a) => a.decisionId))];
  const parties = appeals.flatMap((a) => (a.appellantId === null ? [a.memberId] : [a.memberId, a.appellantId]));
  const [reported, notices, own, tied] = await Promise.all([
    repo.decisionsWithReportBy(db, moderatorId, decisionIds),
    repo.decisionNoticeAddresses(db, decisionIds),
    ownAddressOf(db, moderatorId),
    tiedMembers(db, moderatorId, parties),
  ]);
  const noticed = new Set(notices.filter((n) => own(n.email)).map((n) => n.decision_id));
  return {
    ownReport: (decisionId) => reported.has(decisionId) || noticed.has(decisionId),
    conflict: (a) => tied.has(a.memberId) || (a.appellantId !== null && tied.has(a.appellantId)),
  };
}

/** Refuses an appeal's decision by a moderator whose report caused it (appeal_own_report) or who is tied to a party. */
export async function assertMayDecideAppeal(db: Db, moderatorId: number, appeal: AppealParties): Promise<void> {
  const marks = await appealMarks(db, moderatorId, [appeal]);
  if (marks.ownReport(appeal.decisionId)) throw new AppError(403, 'appeal_own_report');
  if (marks.conflict(appeal)) throw new AppError(403, 'conflict_of_interest');
}
