import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** Never logged: session cookies and credentials (the backend secret too), in either direction. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-backend-secret"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'headers["x-backend-secret"]',
];

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'bff' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

/** The incoming `x-request-id` when it is sane (short, plain characters), else a fresh UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The request id pino-http assigned (set on every request by `httpLogger`). */
export function requestIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : String(req.id ?? '');
}

/** JSON access log with a request id, echoed in the `x-request-id` response header. */
export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
