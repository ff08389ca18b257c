import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { BffMetrics } from './metrics';
import { sendJsonError } from './errors';
import type { ShadowReads } from './shadow';

/**
 * The operator's endpoints, reachable only with `Authorization: Bearer <OPERATOR_TOKEN>`:
 * - `GET /_ops/metrics`: Prometheus text format (prom-client) — backend calls, errors and latency per operation and
 *   backend, retries and refused retries, breaker state, shadow comparisons;
 * - `GET /_ops/shadow`: the shadow-read report as JSON (shadow.ts), which `scripts/shadow-report.ts` prints.
 * Without OPERATOR_TOKEN they do not exist (404, like any unknown path). The token is compared in constant time, as
 * SHA-256 digests, and is never logged (the access log redacts Authorization).
 */
export const OPERATOR_PREFIX = '/_ops';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function operatorRoutes(options: { token: string | undefined; metrics: BffMetrics; shadow: ShadowReads }): Router {
  const router = Router();
  const expected = options.token ? digest(options.token) : undefined;

  router.use((req: Request, res: Response, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!expected) {
      sendJsonError(res, 404, 'not_found', 'Not found.');
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      sendJsonError(res, 401, 'operator_token_required', 'This endpoint needs the operator token.');
      return;
    }
    next();
  });

  router.get('/metrics', async (_req: Request, res: Response) => {
    res.setHeader('Content-Type', options.metrics.registry.contentType);
    res.end(await options.metrics.registry.metrics());
  });

  router.get('/shadow', (_req: Request, res: Response) => {
    res.json(options.shadow.report());
  });

  router.use((_req: Request, res: Response) => sendJsonError(res, 404, 'not_found', 'Not found.'));
  return router;
}
