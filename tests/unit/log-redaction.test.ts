import express from 'express';
import type { Logger } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger as backendLogger, httpLogger as backendHttpLogger } from '../../mock-backend/lib/logger';
import { createLogger as bffLogger, httpLogger as bffHttpLogger } from '../../src/bff/logging';

/** Values that must never reach a log line, sent as the headers that carry them. */
const SECRETS = {
  cookie: 'auth=COOKIE-SECRET',
  authorization: 'Bearer BEARER-SECRET',
  'x-backend-secret': 'BACKEND-SECRET-0123456789abcdef0123456789',
  'x-member-assertion': 'v1.MEMBER-ASSERTION-SECRET.mac',
  'webhook-id': 'msg_WEBHOOK-ID-SECRET',
  'webhook-timestamp': '1700000000',
  'webhook-signature': 'v1,WEBHOOK-SIGNATURE-SECRET',
  'stripe-signature': 't=1,v1=STRIPE-SIGNATURE-SECRET',
  'x-signature': 'X-SIGNATURE-SECRET',
};

async function logOf(
  createLogger: (level: string, out: { write(line: string): void }) => Logger,
  http: (l: Logger) => express.RequestHandler,
) {
  const lines: string[] = [];
  const app = express();
  app.use(http(createLogger('info', { write: (line: string) => void lines.push(line) })));
  app.post('/webhooks/psp', (_req, res) => {
    res.setHeader('set-cookie', 'auth=SET-COOKIE-SECRET; Path=/');
    res.status(204).end();
  });
  await request(app).post('/webhooks/psp?token=QUERY-SECRET').set(SECRETS).set('idempotency-key', 'key-may-show');
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.join('');
}

describe('one redaction list for both loggers', () => {
  for (const [name, createLogger, http] of [
    ['BFF', bffLogger, bffHttpLogger],
    ['backend', backendLogger, backendHttpLogger],
  ] as const) {
    it(`When the ${name} logs a webhook call with cookies, credentials and signatures, then none of their values is written`, async () => {
      const text = await logOf(createLogger, http as (l: Logger) => express.RequestHandler);
      expect(text).toContain('/webhooks/psp');
      for (const secret of ['COOKIE-SECRET', 'BEARER-SECRET', 'BACKEND-SECRET', 'WEBHOOK-ID-SECRET', 'WEBHOOK-SIGNATURE-SECRET']) {
        expect(text).not.toContain(secret);
      }
      for (const secret of ['STRIPE-SIGNATURE-SECRET', 'X-SIGNATURE-SECRET', 'SET-COOKIE-SECRET', 'QUERY-SECRET', '1700000000']) {
        expect(text).not.toContain(secret);
      }
      expect(text).toContain('[redacted]');
    });
  }
});
