import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** JSON logs; cookies, passwords and credentials never reach a log line. */
export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    base: { service: 'mock-backend' },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-backend-secret"]',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'body.password',
        'req.body.password',
      ],
      censor: '[redacted]',
    },
  });
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode === 429 || res.statusCode === 401 ? 'warn' : 'info',
  });
}
