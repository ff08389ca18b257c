import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { currentWork, runInWorkContext } from './context';
import { LOG_REDACT_PATHS, REDACTED, redactQueryObject, redactUrl } from '../../src/shared/redact';
import { traceLogFields } from '../../src/shared/trace-hooks';

interface SerializedRequest {
  url?: unknown;
  query?: unknown;
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

/** pino-http's request serializer, minus secrets in the URL, the parsed query and the Referer. */
function requestSerializer(req: SerializedRequest): SerializedRequest {
  const headers = { ...req.headers };
  if (typeof headers.referer === 'string') headers.referer = redactUrl(headers.referer);
  return {
    ...req,
    ...(typeof req.url === 'string' ? { url: redactUrl(req.url) } : {}),
    ...(req.query !== undefined ? { query: redactQueryObject(req.query) } : {}),
    headers,
  };
}

/** Fields of a database error that hold or quote parameter values (PGlite adds `params` and `queryOptions`). */
const VALUE_FIELDS = ['params', 'queryOptions', 'detail', 'where', 'internalQuery'] as const;

/** A PostgreSQL error (from pg or PGlite) anywhere in the cause chain: a severity and a five-character SQLSTATE. */
function isDatabaseError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 8) return false;
  const e = err as { code?: unknown; severity?: unknown; cause?: unknown };
  if (typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return true;
  return isDatabaseError(e.cause, depth + 1);
}

/** `invalid input syntax for type integer: "abc"` → `… "[redacted]"`: PostgreSQL quotes the offending value. */
const redactQuoted = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (q) => `${q[0]}${REDACTED}${q[0]}`);

function scrub(serialized: Record<string, unknown>, quoted: boolean, depth = 0): Record<string, unknown> {
  const out = { ...serialized };
  for (const field of VALUE_FIELDS) if (field in out) out[field] = REDACTED;
  if (quoted) {
    for (const field of ['message', 'stack'] as const) {
      const text = out[field];
      if (typeof text === 'string') out[field] = redactQuoted(text);
    }
  }
  if (typeof out.cause === 'object' && out.cause !== null && depth < 8)
    out.cause = scrub(out.cause as Record<string, unknown>, quoted, depth + 1);
  return out;
}

/**
 * pino's error serializer, minus SQL parameter values: a failing query's error carries them (PGlite: `params`,
 * `queryOptions`), PostgreSQL's `detail` and `where` quote them, and its message quotes the value it refused. The
 * SQLSTATE, the routine and the SQL text (parameters as `$n`) stay for the diagnosis.
 */
export function serializeError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  return scrub(serialized as Record<string, unknown>, isDatabaseError(err));
}

/**
 * JSON logs; cookies, passwords, credentials, secret query values and SQL parameter values never reach a log line.
 * A line written for a request carries its id (`reqId`, as on the request's access line), one written for a job the
 * job's (`jobId`), whichever logger or child of it writes the line; a line outside both (start-up) carries neither.
 * With tracing on, a line written inside a span also carries its `trace_id` and `span_id`.
 */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'mock-backend' },
    // A copy: pino merges the line's own fields into what the mixin returns.
    mixin: () => ({ ...currentWork(), ...traceLogFields() }),
    serializers: { err: serializeError },
    redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One line per request: id (`reqId`, and in `req`), method, url and status; the headers only at debug level. The
 * rest of the request's handling runs in its context (`reqId`, context.ts).
 */
export function httpLogger(logger: Logger): RequestHandler {
  const debug = logger.isLevelEnabled('debug');
  const accessLog = pinoHttp({
    logger,
    // Our serializers in full (pino-http would otherwise put its own error serializer in front of the logger's).
    wrapSerializers: false,
    serializers: {
      // pino-http serializes the request for every request's child logger, logged or not: below debug, only the
      // three fields, read straight off the request.
      req: debug
        ? (req: Parameters<typeof pino.stdSerializers.req>[0]) =>
            requestSerializer(pino.stdSerializers.req(req) as unknown as SerializedRequest)
        : (req: { id?: unknown; method?: unknown; originalUrl?: unknown; url?: unknown }) => {
            const url = typeof req.originalUrl === 'string' ? req.originalUrl : req.url;
            return { id: req.id, method: req.method, url: typeof url === 'string' ? redactUrl(url) : url };
          },
      res: debug ? pino.stdSerializers.res : (res: { statusCode?: unknown }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => {
      const level = err || res.statusCode >= 500 ? 'error' : res.statusCode === 429 || res.statusCode === 401 ? 'warn' : 'info';
      // A line the logger's level drops is not made at all (pino-http would build its fields first).
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    // The id on the access line itself: it may be written outside the request's context (a client that went away).
    customSuccessObject: (req, _res, fields: object) => ({ reqId: req.id, ...fields }),
    customErrorObject: (req, _res, _err, fields: object) => ({ reqId: req.id, ...fields }),
  });
  return (req, res, next) => accessLog(req, res, () => runInWorkContext({ reqId: String(req.id) }, next));
}
