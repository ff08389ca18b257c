import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { LOG_REDACT_PATHS, REDACTED, redactQueryObject, redactUrl, redactUrlField } from '../shared/redact';
import { activeTracing, traceLogFields } from '../shared/trace-hooks';

/** Never logged: session cookies, credentials, the backend secret and webhook signatures, in either direction. */
const REDACT_PATHS = [...LOG_REDACT_PATHS];

/**
 * Log fields that hold a URL or a path (with its query): the values of secret query parameters (tokens, passwords,
 * e-mail addresses, codes, keys — see redact.ts) are replaced by `[redacted]` whoever logs them.
 */
const URL_SERIALIZERS = {
  url: redactUrlField,
  path: redactUrlField,
  location: redactUrlField,
  referer: redactUrlField,
};

/**
 * The BFF's logger. Made while tracing is on (main.ts starts it first), every line written inside a span carries its
 * `trace_id` and `span_id` beside the request's `reqId`; off, the lines are as they always were (no mixin at all).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'bff' },
    serializers: URL_SERIALIZERS,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    ...(activeTracing() ? { mixin: () => ({ ...traceLogFields() }) } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger the BFF hands to all of its parts (and to the renderer): the given one (tests pass their own) as a child
 * that redacts secret query values in every `url`, `path`, `location` and `referer` field.
 */
export function redactingLogger(logger: Logger): Logger {
  return logger.child({}, { serializers: URL_SERIALIZERS });
}

type SerializedHeaders = Record<string, unknown>;

/** pino-http's request object with secret query values redacted in `url`, `query` and the Referer header. */
function redactRequest(serialized: { url?: unknown; query?: unknown; headers?: unknown }) {
  if (typeof serialized.url === 'string') serialized.url = redactUrl(serialized.url);
  if (serialized.query !== undefined) serialized.query = redactQueryObject(serialized.query);
  const headers = serialized.headers as SerializedHeaders | undefined;
  if (headers?.referer !== undefined) {
    // A copy: the serialized object shares `headers` with the live request.
    serialized.headers = { ...headers, referer: redactUrlField(headers.referer) };
  }
  return serialized;
}

/** pino-http's response object with secret query values redacted in the Location header (a redirect's target). */
function redactResponse(serialized: { headers?: unknown }) {
  const headers = serialized.headers as SerializedHeaders | undefined;
  if (headers?.location !== undefined) serialized.headers = { ...headers, location: redactUrlField(headers.location) };
  return serialized;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

/** The incoming `x-request-id` when it is sane (short, plain characters), else a fresh UUID. */
function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** What the access line of a request tells about its backend call (the API proxy notes it). */
export interface CallNote {
  backend?: string;
  attempts?: number;
  /** `breaker_open`: refused without an attempt (a warn line); `unavailable`: no answer after the attempts. */
  failure?: 'breaker_open' | 'unavailable';
  /** The cause of an `unavailable` call, logged with its stack on the access line. */
  cause?: unknown;
}

const NOTE = Symbol('backend call note');
type Noted = ServerResponse & { [NOTE]?: CallNote; [ERROR_LOGGED]?: boolean };
const ERROR_LOGGED = Symbol('error logged');

/** Adds to the access line of this request: backend, attempts, failure. */
export function noteCall(res: ServerResponse, note: CallNote): void {
  const noted = res as Noted;
  noted[NOTE] = { ...noted[NOTE], ...note };
}

/** The error of this request was logged with its stack already: the access line names it without a second stack. */
export function markErrorLogged(res: ServerResponse): void {
  (res as Noted)[ERROR_LOGGED] = true;
}

/**
 * JSON access log with a request id, echoed in the `x-request-id` response header: one line per request with
 * method, url, route, status, responseTime, reqId, and for proxied calls backend and attempts. Headers only at debug
 * level. A call refused by an open breaker is a warn line without a stack; a failure is logged once, with its stack.
 */
export function httpLogger(logger: Logger, routeOf: (req: IncomingMessage, res: ServerResponse) => string = () => 'other') {
  const debug = logger.isLevelEnabled('debug');
  return pinoHttp({
    logger,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Below debug the serializers read the three fields straight off the request: pino-http serializes the request
    // for every request's child logger, logged or not, and its own wrapper would first copy it whole.
    wrapSerializers: debug,
    serializers: debug
      ? { req: redactRequest, res: redactResponse }
      : {
          req: (req: { id?: unknown; method?: unknown; originalUrl?: unknown; url?: unknown }) => {
            const url = typeof req.originalUrl === 'string' ? req.originalUrl : req.url;
            return { id: req.id, method: req.method, url: typeof url === 'string' ? redactUrl(url) : url };
          },
          res: (res: { statusCode?: unknown }) => ({ statusCode: res.statusCode }),
        },
    customProps: (req, res) => {
      const note = (res as Noted)[NOTE];
      return {
        route: routeOf(req, res),
        ...(note ? { backend: note.backend, attempts: note.attempts, ...(note.failure ? { failure: note.failure } : {}) } : {}),
      };
    },
    customErrorObject: (_req, res, error, val: Record<string, unknown>) => {
      const noted = res as Noted;
      const note = noted[NOTE];
      if (note?.failure === 'breaker_open' || noted[ERROR_LOGGED]) {
        // No second stack: the refusal needs none, a logged error has its own line.
        const { err: _err, ...rest } = val;
        return { ...rest, error: error.message };
      }
      if (note?.failure === 'unavailable' && note.cause !== undefined) return { ...val, err: note.cause };
      return val;
    },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => {
      const noted = res as Noted;
      const level =
        noted[NOTE]?.failure === 'breaker_open' || noted[ERROR_LOGGED]
          ? 'warn'
          : error || res.statusCode >= 500
            ? 'error'
            : res.statusCode >= 400
              ? 'warn'
              : 'info';
      // A line the logger's level drops is not made at all (pino-http would build its fields and a child logger first).
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
