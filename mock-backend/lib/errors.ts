import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorMessage, localeFromAcceptLanguage, type ErrorCode } from './i18n';

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
export const badRequest = (params?: Record<string, unknown>): AppError =>
  new AppError(400, 'bad_request', params ? { params } : {});

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

/** Maps anything thrown to an AppError: body-parser, express-openapi-validator and unknown errors. */
function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
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

/** The one final error handler: `{"error":{"code","message","params"}}` in the member's language. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  if (!appError.isTrusted || appError.status >= 500) {
    req.log?.error({ err }, 'request failed');
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
      ...(appError.params ? { params: appError.params } : {}),
    },
  };
  if (appError.code === 'authentication_required') body.authentication_required = true;
  for (const [k, v] of Object.entries(appError.headers ?? {})) res.setHeader(k, v);
  res.status(appError.status).json(body);
};

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new AppError(404, 'not_found'));
