import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type Statement = Schemas['Statement'];
export type AppealReceipt = Schemas['AppealReceipt'];

export const STATEMENTS_KEY = swrKey('/statements.php');
/** The SWR key of one statement (with the mail's token when the member reads it without a session). */
export const statementKey = (id: number, token: string | null) => swrKey('/statement.php', { id, token: token ?? undefined });

/** A statement id from the route: a positive integer, else null. */
export function parseStatementId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= 2147483647 ? id : null;
}

/** GET /statements.php: the statements of reasons about the logged-in member, newest first. */
export function listStatements(api: ApiClient): Promise<Schemas['StatementList']> {
  return unwrap(api.GET('/statements.php'));
}

/** His statements as the safety page's loader brought them. */
export function useStatements(enabled: boolean) {
  return usePageResult<Schemas['StatementList']>(enabled ? STATEMENTS_KEY : null);
}

/** GET /statement.php: his own statement (session), or any with its mail's or login answer's token. */
export function getStatement(api: ApiClient, id: number, token: string | null): Promise<Statement> {
  return unwrap(api.GET('/statement.php', { params: { query: token ? { id, token } : { id } } }));
}

/** The statement as its page's loader brought it (an appeal is the page's action; the loader then brings it again). */
export function useStatement(id: number | null, token: string | null) {
  return usePageResult<Statement>(id ? statementKey(id, token) : null);
}

/** POST /appeal.php with the attempt's Idempotency-Key (the token stands in for a session). */
export function fileAppeal(api: ApiClient, body: Schemas['AppealRequest'], idempotencyKey: string): Promise<AppealReceipt> {
  return unwrap(api.POST('/appeal.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
