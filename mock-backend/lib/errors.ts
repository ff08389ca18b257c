import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Locale } from '../../src/shared/locales';
import { NO_ERROR_REPORTS, type ErrorReports } from '../../src/shared/error-reports';
import { errorMessage, isErrorCode, localeFromAcceptLanguage, type ErrorCode } from './i18n';
import { MediaStoreUnavailable } from './media-store';

/** A known failure with its HTTP status, stable code and message parameters. Trusted = expected, not a bug. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly params: Record<string, unknown> | undefined;
  readonly isTrusted: boolean;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    opts: { params?: Record<string, unknown>; isTrusted?: boolean; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(code, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.params = opts.params;
    this.isTrusted = opts.isTrusted ?? true;
    this.headers = opts.headers;
  }
}

export const authenticationRequired = (): AppError => new AppError(403, 'authentication_required');
export const notFound = (code: ErrorCode = 'not_found'): AppError => new AppError(404, code);
export const badRequest = (params?: Record<string, unknown>): AppError => new AppError(400, 'bad_request', params ? { params } : {});

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  errors?: unknown;
  headers?: unknown;
}

/** The `Allow` header the validator computed for a 405 (RFC 9110 §15.5.6: a 405 must carry it). */
function allowHeader(e: HttpishError): Record<string, string> | undefined {
  const allow = (e.headers as { Allow?: unknown } | undefined)?.Allow;
  return typeof allow === 'string' && allow !== '' ? { Allow: allow } : undefined;
}

/**
 * SQLSTATEs with which the database refuses a value: foreign key (23503), check (23514), not null (23502), numeric
 * range (22003), too long (22001), date or time out of range (22007, 22008). A text the code itself casts wrongly
 * (22P02) stays a 500: that is a bug of the statement, not of the input.
 */
const REFUSED_VALUE = new Set(['23503', '23514', '23502', '22003', '22001', '22007', '22008']);

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/**
 * A value the database refused (a rule the service did not check first) as 422 `invalid_value` naming the field —
 * the column, or the constraint without its table and suffix (`profiles_region_id_fkey` → `region_id`) — instead of a
 * 500. The statement failed, so its transaction rolled back: nothing is half-written.
 */
function databaseRefusal(err: unknown): AppError | null {
  const e = (typeof err === 'object' && err !== null ? err : {}) as DatabaseErrorFields;
  if (typeof e.code !== 'string' || !REFUSED_VALUE.has(e.code) || typeof e.severity !== 'string') return null;
  let field: string | null = typeof e.column === 'string' && e.column !== '' ? e.column : null;
  if (!field && typeof e.constraint === 'string') {
    const table = typeof e.table === 'string' ? `${e.table}_` : '';
    field = e.constraint.replace(table, '').replace(/_(fkey|check|not_null|key)$/, '') || null;
  }
  return new AppError(422, 'invalid_value', { ...(field ? { params: { field } } : {}), cause: err });
}

/** Maps anything thrown to an AppError: body-parser, the request validator, database refusals and unknown errors. */
function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // The photo store (disk or bucket) is down: nothing was recorded, the member may try again shortly.
  if (err instanceof MediaStoreUnavailable)
    return new AppError(503, 'media_store_unavailable', { headers: { 'Retry-After': '30' }, cause: err });
  const refused = databaseRefusal(err);
  if (refused) return refused;
  const e = (typeof err === 'object' && err !== null ? err : {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.too.large' || status === 413) return new AppError(413, 'payload_too_large');
  if (status === 400 || e.type === 'entity.parse.failed') {
    const details = Array.isArray(e.errors)
      ? (e.errors as { path?: string; message?: string }[]).slice(0, 10).map((d) => ({ path: d.path, message: d.message }))
      : undefined;
    return new AppError(400, 'bad_request', details ? { params: { errors: details } } : {});
  }
  if (status === 404) return new AppError(404, 'not_found');
  if (status === 405) {
    const headers = allowHeader(e);
    return new AppError(405, 'method_not_allowed', headers ? { headers } : {});
  }
  if (status === 415) return new AppError(415, 'unsupported_media_type');
  return new AppError(500, 'internal_error', { isTrusted: false, cause: err });
}

/** `params.field_errors` (every wrong field of a form at once, `{ field, code }`) get their messages too. */
function withFieldMessages(params: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const list = params.field_errors;
  if (!Array.isArray(list)) return params;
  return {
    ...params,
    field_errors: (list as { field: string; code: string }[]).map((e) => ({
      ...e,
      message: isErrorCode(e.code) ? errorMessage(e.code, locale, { field: e.field }) : errorMessage('bad_request', locale),
    })),
  };
}

/**
 * The one final error handler: `{"error":{"code","message","params"}}` in the member's language. An unexpected error
 * (a 500 `internal_error`, or an AppError marked untrusted) is reported too (`reports`); an expected refusal never is.
 */
export function createErrorHandler(reports: ErrorReports = NO_ERROR_REPORTS): ErrorRequestHandler {
  return (err, req, res, _next) => handleError(reports, err, req, res);
}

function handleError(reports: ErrorReports, err: unknown, req: Request, res: Response): void {
  const appError = toAppError(err);
  if (!appError.isTrusted || appError.status >= 500) {
    req.log?.error({ err }, 'request failed');
    if (!appError.isTrusted || appError.status === 500)
      reports.capture(err, { reqId: req.id === undefined ? undefined : String(req.id), method: req.method, path: req.path });
  } else if (appError.code === 'invalid_value') {
    // A refused value is the client's mistake: one line naming it, no stack.
    req.log?.warn({ refused: appError.params }, 'value refused by the database');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const locale = localeFromAcceptLanguage(req.get('accept-language'));
  const body: Record<string, unknown> = {
    error: {
      code: appError.code,
      message: errorMessage(appError.code, locale, appError.params),
      ...(appError.params ? { params: withFieldMessages(appError.params, locale) } : {}),
    },
  };
  if (appError.code === 'authentication_required') body.authentication_required = true;
  for (const [k, v] of Object.entries(appError.headers ?? {})) res.setHeader(k, v);
  res.status(appError.status).json(body);
}

/** The final error handler of an app that reports no errors. */
export const errorHandler: ErrorRequestHandler = createErrorHandler();

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new AppError(404, 'not_found'));
