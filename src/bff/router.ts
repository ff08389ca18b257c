import type { OutgoingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { createBackend, type Backend, type BackendAnswer, type BackendRequest } from './backend';
import type { BreakerOptions } from './breaker';
import type { RetryOptions } from './retry-policy';
import type { IdempotentOperations } from './idempotent-operations';
import type { BffMetrics } from './metrics';
import { routeOf, type RoutingPlan } from './routing';
import type { RetryBudgetOptions } from './retry-budget';
import { ShadowReads } from './shadow';

/**
 * The BFF's backends as one `Backend`: `send` picks the backend the routing table names for the request's method and
 * path (routing.ts), and hands shadowed reads to ShadowReads. Every part of the BFF (the /api proxy, the renderer's
 * fetch, settings, health, the language switch) calls this, so a route applies to browser and server calls alike.
 * Its `url` is the default backend's: the renderer builds `${url}/api/...` URLs, and `send` routes them by path.
 */
export interface RoutedBackends extends Backend {
  /** Each backend by its name in the routing table. */
  readonly backends: ReadonlyMap<string, Backend>;
  /** The backend of `/media/*`. */
  readonly media: Backend;
  readonly shadow: ShadowReads;
  /** The name of the backend that answers a request. */
  routeOf(method: string, path: string): string;
}

export interface RoutedBackendsOptions {
  plan: RoutingPlan;
  logger: Logger;
  metrics: BffMetrics;
  /** `BACKEND_SECRET` (or the one generated for the embedded backend); sent only to backends with sendSecret. */
  secret?: string | undefined;
  retry?: Partial<RetryOptions> | undefined;
  attemptTimeoutMs?: number | undefined;
  deadlineMs?: number | undefined;
  budget?: Partial<RetryBudgetOptions> | undefined;
  breaker?: Partial<BreakerOptions> | false | undefined;
  idempotentOperations?: IdempotentOperations | undefined;
}

export function createRoutedBackends(options: RoutedBackendsOptions): RoutedBackends {
  const { plan, logger, metrics } = options;
  const backends = new Map<string, Backend>();
  for (const [name, target] of plan.backends) {
    backends.set(
      name,
      createBackend({
        backendUrl: target.url,
        name,
        logger,
        metrics,
        retry: options.retry,
        timeoutMs: target.attemptTimeoutMs ?? options.attemptTimeoutMs,
        deadlineMs: target.deadlineMs ?? options.deadlineMs,
        secret: target.secret ?? (target.sendSecret ? options.secret : undefined),
        idempotentOperations: options.idempotentOperations,
        budget: options.budget,
        breaker: options.breaker,
      }),
    );
  }
  const byName = (name: string): Backend => {
    const backend = backends.get(name);
    if (!backend) throw new Error(`no backend named ${name}`);
    return backend;
  };
  const primary = byName(plan.defaultBackend);
  const media = byName(plan.mediaBackend);
  const shadow = new ShadowReads({ rules: plan.shadow, maxConcurrent: plan.shadowMaxConcurrent, backends, metrics, logger });

  async function send(request: BackendRequest): Promise<BackendAnswer> {
    const name = routeOf(plan, request.method, request.path);
    const answer = await byName(name).send(request);
    const rule = shadow.ruleFor(request);
    if (!rule || rule.candidate === name) return answer;
    return { ...answer, response: shadow.tee(answer.response, request, name, rule) };
  }

  return {
    url: primary.url,
    name: primary.name,
    deadlineMs: primary.deadlineMs,
    agent: primary.agent,
    backends,
    media,
    shadow,
    send,
    routeOf: (method, path) => routeOf(plan, method, path),
    secretHeaders: (): OutgoingHttpHeaders => primary.secretHeaders(),
    breakerState: () => primary.breakerState(),
    destroy: () => {
      for (const backend of backends.values()) backend.destroy();
    },
  };
}
