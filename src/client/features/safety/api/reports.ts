import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type ReportReason = Schemas['ReportReason'];
export type ReportTarget = Schemas['ReportTarget'];
export type ReportRequest = Schemas['ReportRequest'];
export type ReportReceipt = Schemas['ReportReceipt'];
export type NoticeRequest = Schemas['NoticeRequest'];

export const REPORT_REASONS: readonly ReportReason[] = [
  'fake_scam_spam',
  'harassment_hate',
  'unwanted_sexual',
  'underage',
  'illegal',
  'other',
];
export const MY_REPORTS_KEY = swrKey('/report.php');

/**
 * POST /report.php with the attempt's Idempotency-Key. A repeat while the first report is open answers 200 with the
 * same receipt, a first report 201: both are a receipt to show.
 */
export function reportContent(api: ApiClient, body: ReportRequest, idempotencyKey: string): Promise<ReportReceipt> {
  return unwrap(api.POST('/report.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/** GET /report.php: the member's own reports with their outcome. */
export function listMyReports(api: ApiClient): Promise<Schemas['MyReports']> {
  return unwrap(api.GET('/report.php'));
}

/** His reports as the safety page's loader brought them. */
export function useMyReports(enabled: boolean) {
  return usePageResult<Schemas['MyReports']>(enabled ? MY_REPORTS_KEY : null);
}

/** POST /notice.php (anyone): always 202 with a reference, whatever the address. */
export function submitNotice(api: ApiClient, body: NoticeRequest, idempotencyKey: string): Promise<Schemas['NoticeReceipt']> {
  return unwrap(api.POST('/notice.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
