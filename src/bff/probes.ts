import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { operationNameOf } from './idempotent-operations';
import type { BffMetrics } from './metrics';
import { OPERATOR_PREFIX } from './operator';
import type { RoutedBackends } from './router';

/**
 * The BFF's probes, for a load balancer in front of several BFFs:
 * - `GET /healthz`: liveness — the process answers (200 while it does; a restart is the cure for anything else);
 * - `GET /readyz`: whether this BFF takes traffic — 200 `ready`, 503 `draining` once a shutdown began. A backend
 *   outage does not take a BFF out (its pages still render, with default settings, and every BFF shares the same
 *   backends, so pulling one would pull all): the body names each backend with its breaker state and whether it
 *   answered the last reachability check, and `bff_backend_reachable` carries the same. That check is at most one
 *   `GET /healthz` per backend every REACH_EVERY_MS, started by a probe and never awaited by it.
 */
const REACH_EVERY_MS = 5_000;
const REACH_TIMEOUT_MS = 2_000;
const BREAKER_STATES = ['closed', 'open', 'half_open'] as const;

export interface Probes {
  routes: Router;
  /** Counts every request by route class and status (mount first). */
  measure(req: Request, res: Response, next: NextFunction): void;
  /** Shutting down: /readyz answers 503 from now on. */
  drain(): void;
}

/** A bounded route class of a request, for metrics. */
export function routeClass(
  req: IncomingMessage & { originalUrl?: string; method?: string },
  res: ServerResponse & { locals?: object },
): string {
  const marked = (res.locals as { metricsRoute?: unknown } | undefined)?.metricsRoute;
  if (typeof marked === 'string') return marked;
  // The whole path (a mounted router shortens req.path while it runs).
  const url = req.originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  const p = q < 0 ? url : url.slice(0, q);
  if (p.startsWith('/api/')) return `api:${operationNameOf(req.method ?? 'GET', p)}`;
  if (p.startsWith('/media/')) return 'media';
  if (p.startsWith('/assets/')) return 'assets';
  if (p === '/healthz' || p === '/readyz') return 'probe';
  if (p.startsWith(`${OPERATOR_PREFIX}/`)) return 'ops';
  return 'other';
}

export function createProbes(options: { backends: RoutedBackends; metrics: BffMetrics }): Probes {
  const { backends, metrics } = options;
  let draining = false;
  let lastReach = 0;
  const reachable = new Map<string, boolean | null>([...backends.backends.keys()].map((name) => [name, null]));
  metrics.ready(true);

  const checkReach = () => {
    if (Date.now() - lastReach < REACH_EVERY_MS) return;
    lastReach = Date.now();
    for (const [name, backend] of backends.backends) {
      backend
        .send({
          method: 'GET',
          path: '/healthz',
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(REACH_TIMEOUT_MS),
          noRetry: true,
          shadow: true,
        })
        .then(
          ({ response }) => {
            response.resume();
            // Any HTTP answer below 500 means it is up (a backend without /healthz answers 404).
            return (response.statusCode ?? 500) < 500;
          },
          () => false,
        )
        .then((ok) => {
          reachable.set(name, ok);
          metrics.backendReachable(name, ok);
        });
    }
  };

  const routes = Router();
  routes.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, status: 'live' });
  });
  routes.get('/readyz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    checkReach();
    const report = Object.fromEntries(
      [...backends.backends].map(([name, backend]) => [
        name,
        { breaker: BREAKER_STATES[backend.breakerState()] ?? 'open', reachable: reachable.get(name) ?? null },
      ]),
    );
    res.status(draining ? 503 : 200).json({ ok: !draining, status: draining ? 'draining' : 'ready', backends: report });
  });

  return {
    routes,
    drain() {
      draining = true;
      metrics.ready(false);
    },
    measure(req, res, next) {
      const started = performance.now();
      res.once('finish', () =>
        metrics.incoming({ route: routeClass(req, res), method: req.method, status: res.statusCode }, (performance.now() - started) / 1000),
      );
      next();
    },
  };
}
