import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type ReportQueue = Schemas['ReportQueue'];
export type ReportCase = Schemas['ReportCase'];
export type QueuedReport = Schemas['QueuedReport'];
export type QueuedNotice = Schemas['QueuedNotice'];
export type SafetyAction = Schemas['SafetyAction'];
export type ReportDecisionRequest = Schemas['ReportDecisionRequest'];
export type AppealQueue = Schemas['AppealQueue'];
export type QueuedAppeal = AppealQueue['appeals'][number];

export const SAFETY_ACTIONS: readonly SafetyAction[] = ['dismiss', 'remove_content', 'warn', 'restrict', 'suspend', 'ban'];
export type TdbCategory = Schemas['TdbCategory'];
export type TdbKeyword = Schemas['TdbKeyword'];
/** The DSA Transparency Database's categories (its list since 1 July 2025), in its order. */
export const TDB_CATEGORIES: readonly TdbCategory[] = [
  'STATEMENT_CATEGORY_ANIMAL_WELFARE',
  'STATEMENT_CATEGORY_CONSUMER_INFORMATION',
  'STATEMENT_CATEGORY_CYBER_VIOLENCE',
  'STATEMENT_CATEGORY_CYBER_VIOLENCE_AGAINST_WOMEN',
  'STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS',
  'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH',
  'STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS',
  'STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS',
  'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE',
  'STATEMENT_CATEGORY_OTHER_VIOLATION_TC',
  'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
  'STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY',
  'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
  'STATEMENT_CATEGORY_SELF_HARM',
  'STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS',
  'STATEMENT_CATEGORY_VIOLENCE',
];
export const REPORT_QUEUE_KEY = swrKey('/report-queue.php');
export const APPEAL_QUEUE_KEY = swrKey('/appeal-queue.php');

/** GET /report-queue.php (moderators): open reports per reported member (hidden before review, weight, age); open notices. */
export function listReportQueue(api: ApiClient): Promise<ReportQueue> {
  return unwrap(api.GET('/report-queue.php'));
}

/** The queue as the page's loader brought it (a decision is the page's action; the loader then brings it again). */
export function useReportQueue() {
  return usePageResult<ReportQueue>(REPORT_QUEUE_KEY);
}

/**
 * POST /report-decision.php with the attempt's Idempotency-Key: 409 `reports_decided` when another moderator decided
 * one of the reports first, `decision_duplicate` for the same own-initiative decision again.
 */
export function decideReports(
  api: ApiClient,
  body: ReportDecisionRequest,
  idempotencyKey: string,
): Promise<Schemas['ReportDecisionResult']> {
  return unwrap(api.POST('/report-decision.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/**
 * PUT /notice.php with the attempt's Idempotency-Key: dismisses a notice whose URL names no member, or assigns it to the member `content_url` names (422
 * `invalid_value` when it names nobody); 409 `reports_decided` when it was handled before.
 */
export async function decideNotice(api: ApiClient, body: Schemas['NoticeDecisionRequest'], idempotencyKey: string): Promise<void> {
  await unwrap(api.PUT('/notice.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/** GET /appeal-queue.php (moderators): open appeals, oldest first. */
export function listAppealQueue(api: ApiClient): Promise<AppealQueue> {
  return unwrap(api.GET('/appeal-queue.php'));
}

/** The queue as the page's loader brought it (a decision is the page's action; the loader then brings it again). */
export function useAppealQueue() {
  return usePageResult<AppealQueue>(APPEAL_QUEUE_KEY);
}

/**
 * PUT /appeal.php with the attempt's Idempotency-Key: 403 `appeal_own_decision`, `own_case` or `appeal_own_appeal`,
 * 409 `appeal_decided` when another moderator was first.
 */
export async function decideAppeal(api: ApiClient, body: Schemas['AppealDecisionRequest'], idempotencyKey: string): Promise<void> {
  await unwrap(api.PUT('/appeal.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
