import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The BFF's Prometheus metrics (prom-client), one registry per app (so several apps in one process — tests — never
 * share counters). Labels are bounded: `backend` is a name from the routing table, `operation` an operationId of
 * openapi.yaml (`undocumented` for any other `/api/<name>.php`, so a stranger cannot grow the label set), `outcome` a
 * status class or one of a few failure kinds. Scraped from `GET /_ops/metrics` with the operator token (see
 * operator.ts).
 */
export interface BffMetrics {
  readonly registry: Registry;
  /** One browser- or renderer-facing backend call finished (after all its attempts). */
  request(labels: { backend: string; operation: string; outcome: string }, seconds: number): void;
  /** One attempt sent to a backend (the first one and every retry). */
  attempt(labels: { backend: string; operation: string }): void;
  /** A retry was sent (`reason`: status, connection, timeout) or refused (`denied`: budget, deadline, retry_after, breaker). */
  retry(labels: { backend: string; operation: string; reason: string }): void;
  retryDenied(labels: { backend: string; operation: string; reason: string }): void;
  /** 0 closed, 1 open, 2 half-open (cockatiel's CircuitState numbering for the first three). */
  breakerState(backend: string, state: number): void;
  /** One shadow comparison: `result` identical, different, error or dropped. */
  shadow(labels: { operation: string; candidate: string; result: string }): void;
  /** Differing fields (after noise subtraction) seen by one shadow comparison. */
  shadowDifferences(labels: { operation: string; candidate: string }, fields: number): void;
  /** One incoming request answered: `route` a bounded class (page, api:<operationId>, media, assets, probe, ops, other). */
  incoming(labels: { route: string; method: string; status: number }, seconds: number): void;
  /** One server-rendered page finished (head to last byte). */
  pageRendered(seconds: number): void;
  /** Where the number of open event streams comes from (read at each scrape). */
  countStreams(count: () => number): void;
  /** Whether /readyz answers 200 (1) or not (0). */
  ready(value: boolean): void;
  /** Whether a backend answered the BFF's last reachability check (1) or not (0). */
  backendReachable(backend: string, reachable: boolean): void;
  /** One identity-bridge lookup: `hit` (cached), `member`, `no_session` (the PHP service said 403) or `unavailable`. */
  identityLookup(result: 'hit' | 'member' | 'no_session' | 'unavailable'): void;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): BffMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'bff_' });

  const requests = new Counter({
    name: 'bff_backend_requests_total',
    help: 'Backend calls by backend, operation and outcome (2xx, 3xx, 4xx, 5xx, unavailable, breaker_open, deadline)',
    labelNames: ['backend', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'bff_backend_errors_total',
    help: 'Backend calls that ended in a 5xx answer or no answer, by backend, operation and outcome',
    labelNames: ['backend', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'bff_backend_request_duration_seconds',
    help: 'Time from the first attempt to the chosen answer (all retries included), by backend and operation',
    labelNames: ['backend', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'bff_backend_attempts_total',
    help: 'Attempts sent to a backend (first attempts and retries)',
    labelNames: ['backend', 'operation'] as const,
    registers: [registry],
  });
  const retries = new Counter({
    name: 'bff_backend_retries_total',
    help: 'Retries sent, by the reason of the failed attempt (status, connection, timeout)',
    labelNames: ['backend', 'operation', 'reason'] as const,
    registers: [registry],
  });
  const retriesDenied = new Counter({
    name: 'bff_backend_retries_denied_total',
    help: 'Retries not sent although the request was retryable: retry budget spent, deadline, Retry-After too long, breaker open',
    labelNames: ['backend', 'operation', 'reason'] as const,
    registers: [registry],
  });
  const breaker = new Gauge({
    name: 'bff_backend_breaker_state',
    help: 'Circuit breaker per backend: 0 closed, 1 open (failing fast), 2 half-open (one test call)',
    labelNames: ['backend'] as const,
    registers: [registry],
  });
  const shadow = new Counter({
    name: 'bff_shadow_comparisons_total',
    help: 'Shadow reads by operation, candidate backend and result (identical, different, error, dropped)',
    labelNames: ['operation', 'candidate', 'result'] as const,
    registers: [registry],
  });
  const shadowFields = new Counter({
    name: 'bff_shadow_differing_fields_total',
    help: 'Fields that differed between primary and candidate after noise subtraction, summed over comparisons',
    labelNames: ['operation', 'candidate'] as const,
    registers: [registry],
  });

  const incoming = new Counter({
    name: 'bff_http_requests_total',
    help: 'Requests to the BFF by route (page, api:<operationId>, media, assets, probe, ops, other), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const incomingDuration = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to the last byte of the answer, by route (event streams not included: they last)',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const render = new Histogram({
    name: 'bff_page_render_duration_seconds',
    help: 'Server-side rendering of a page, from the request to the last byte',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let streams: () => number = () => 0;
  new Gauge({
    name: 'bff_event_streams_open',
    help: 'Event streams this BFF holds open',
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });
  const readyGauge = new Gauge({
    name: 'bff_ready',
    help: '1 when /readyz answers 200 (not starting, not draining)',
    registers: [registry],
  });
  const reachable = new Gauge({
    name: 'bff_backend_reachable',
    help: "1 when the backend answered the BFF's last reachability check (at most one every 5 s, made by /readyz)",
    labelNames: ['backend'] as const,
    registers: [registry],
  });

  const identity = new Counter({
    name: 'bff_identity_bridge_lookups_total',
    help: 'Identity-bridge lookups of a PHP session: hit (cached), member, no_session (403 from the PHP service), unavailable',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  return {
    registry,
    identityLookup: (result) => identity.inc({ result }),
    incoming(labels, seconds) {
      incoming.inc({ route: labels.route, method: labels.method, status: String(labels.status) });
      if (labels.route !== 'api:streamEvents') incomingDuration.observe({ route: labels.route }, seconds);
    },
    pageRendered: (seconds) => render.observe(seconds),
    countStreams(count) {
      streams = count;
    },
    ready: (value) => readyGauge.set(value ? 1 : 0),
    backendReachable: (backend, ok) => reachable.set({ backend }, ok ? 1 : 0),
    request(labels, seconds) {
      requests.inc(labels);
      latency.observe({ backend: labels.backend, operation: labels.operation }, seconds);
      if (!/^[234]xx$/.test(labels.outcome)) errors.inc(labels);
    },
    attempt: (labels) => attempts.inc(labels),
    retry: (labels) => retries.inc(labels),
    retryDenied: (labels) => retriesDenied.inc(labels),
    breakerState: (backend, state) => breaker.set({ backend }, state),
    shadow: (labels) => shadow.inc(labels),
    shadowDifferences: (labels, fields) => shadowFields.inc(labels, fields),
  };
}

/** Metrics that record nothing (a Backend created outside an app, e.g. in a unit test). */
export function noMetrics(): BffMetrics {
  return createMetrics({ defaultMetrics: false });
}
