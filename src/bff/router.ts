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
import { AUTH_COOKIE } from '../shared/constants';
import { readCookie } from './cookies';
import { createIdentityBridge, type Asserter, type IdentityBridge } from './identity-bridge';
import { legacyDialect } from './legacy-dialect';
import type { AssertionSigner } from '../shared/member-assertion';

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
  /** The identity bridge (the routing table's `session_bridge`), or undefined. */
  readonly bridge: IdentityBridge | undefined;
  /**
   * The headers that tell backend `name` who is asking when his session lives on the bridge's backend (for calls
   * that do not go through `send`, such as the event stream); `{}` when none apply.
   */
  identityHeaders(name: string, request: BackendRequest): Promise<OutgoingHttpHeaders>;
}

export interface RoutedBackendsOptions {
  plan: RoutingPlan;
  logger: Logger;
  metrics: BffMetrics;
  /** `BACKEND_SECRET` (or the one generated for the embedded backend); sent only to backends with sendSecret. */
  secret?: string | undefined;
  /** Signs the identity bridge's assertions; needed when the plan has a session bridge. */
  signer?: AssertionSigner | undefined;
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
    const backend = createBackend({
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
    });
    // A backend that speaks the specification (the PHP service) is read through the anti-corruption layer, by every
    // caller alike: the proxy, the renderer, the identity bridge and the shadow reads.
    backends.set(name, target.dialect === 'specification' ? legacyDialect(backend, logger) : backend);
  }
  const byName = (name: string): Backend => {
    const backend = backends.get(name);
    if (!backend) throw new Error(`no backend named ${name}`);
    return backend;
  };
  const primary = byName(plan.defaultBackend);
  const media = byName(plan.mediaBackend);
  const shadow = new ShadowReads({
    rules: plan.shadow,
    maxConcurrent: plan.shadowMaxConcurrent,
    backends,
    metrics,
    logger,
    identityHeaders: (name, request) => identityHeaders(name, request),
  });
  if (plan.sessionBridge && !options.signer) throw new Error('the session bridge needs a signer for its assertions');
  const bridge =
    plan.sessionBridge && options.signer
      ? createIdentityBridge({
          sessions: byName(plan.sessionBridge.backend),
          cookieName: plan.sessionBridge.cookie,
          ttlMs: plan.sessionBridge.cacheSeconds * 1000,
          signer: options.signer,
          logger,
          metrics,
        })
      : undefined;

  /**
   * A call to another backend than the sessions' one, from a visitor who holds a session there and none of the
   * contract's own (`auth`, which that backend reads itself): what makes the bridge's assertion for it, or null.
   */
  async function identityAsserter(name: string, request: BackendRequest): Promise<Asserter | null> {
    if (!bridge || name === bridge.backendName || !bridge.carriesSession(request.headers)) return null;
    const cookie = request.headers.cookie;
    if (bridge.cookieName !== AUTH_COOKIE && readCookie(Array.isArray(cookie) ? cookie.join('; ') : String(cookie ?? ''), AUTH_COOKIE))
      return null;
    return bridge.asserterFor(request, name);
  }

  async function identityHeaders(name: string, request: BackendRequest): Promise<OutgoingHttpHeaders> {
    const asserter = await identityAsserter(name, request);
    return asserter ? asserter() : {};
  }

  async function send(request: BackendRequest): Promise<BackendAnswer> {
    const name = routeOf(plan, request.method, request.path);
    const asserter = await identityAsserter(name, request);
    // Every attempt carries an assertion of its own: a backend accepts each once, and a retried GET is a new attempt.
    const sent = asserter ? { ...request, attemptHeaders: asserter } : request;
    const answer = await byName(name).send(sent);
    if (bridge) bridge.observe(request, name, answer.response.statusCode ?? 0);
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
    bridge,
    identityHeaders,
    secretHeaders: (): OutgoingHttpHeaders => primary.secretHeaders(),
    breakerState: () => primary.breakerState(),
    destroy: () => {
      for (const backend of backends.values()) backend.destroy();
    },
  };
}
