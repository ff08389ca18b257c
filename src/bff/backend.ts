import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import type { Logger } from 'pino';
import { BrokenCircuitError, CircuitState, IsolatedCircuitError } from 'cockatiel';
import { DeadlineError } from '../shared/deadline';
import { activeTracing } from '../shared/trace-hooks';
import { BackendUnavailableError, BreakerOpenError } from './backend-errors';
import { createBreaker, type BreakerOptions } from './breaker';
import { contractIdempotentOperations, operationNameOf, type IdempotentOperations } from './idempotent-operations';
import { noMetrics, type BffMetrics } from './metrics';
import { DEFAULT_RETRY_BUDGET, RetryBudget, type RetryBudgetOptions } from './retry-budget';
import { DEFAULT_RETRY, RETRY_STATUSES, backoffDelay, isRetryable, retryAfterMs, sleep, type RetryOptions } from './retry-policy';

/**
 * The one way the BFF talks to a backend (TypeScript mock-backend or a PHP service): plain HTTP through a
 * keep-alive agent, with ONE retry layer (the browser does not retry on top). Both the `/api` proxy and the
 * per-request fetch handed to the SSR renderer use `send`, so retries, deadlines and header rules are identical for
 * browser calls and server-side calls. When a backend secret is configured, `send` puts it on every attempt as
 * `x-backend-secret`.
 *
 * Retry policy (up to 5 retries with exponential delay, and only where a repeat is harmless):
 * - which requests: GET, HEAD and OPTIONS; any other method (POST, PUT, PATCH, DELETE, …) only when openapi.yaml
 *   says the operation honours `Idempotency-Key` (see idempotent-operations.ts) AND the request carries a non-empty
 *   key — only then can the backend tell a repeat from a new write. Everything else is sent exactly once;
 * - on what: connection errors, an attempt past its deadline, and 502, 503, 504 answers (the failed answer is
 *   drained and dropped);
 * - how often: up to `retries` (5), delay = random(0, min(capMs, baseMs * 2^attempt)) ("full jitter"), never sooner
 *   than the answer's `Retry-After`; a Retry-After beyond the deadline means no retry (its answer goes to the caller);
 * - how much in total: a retry budget per backend (retry-budget.ts, ~10 % of requests plus a small reserve);
 * - deadlines: each attempt must bring the answer's head within `attemptTimeoutMs`, the whole call within
 *   `deadlineMs`; both abort the attempt in flight (its socket is destroyed, nothing keeps running after the answer);
 *   a silent body is cut after `attemptTimeoutMs` of idleness;
 * - a circuit breaker per backend (cockatiel's SamplingBreaker on the calls' final outcomes): when at least half of the
 *   calls of the last 10 s failed (no answer or 502/503/504 after the retries), calls fail fast with
 *   `BackendUnavailableError` without reaching the backend; after `halfOpenAfterMs` one call tests it (others still
 *   fail fast), and its success closes the breaker.
 * Why cockatiel only for the breaker: its retry policy has no budget to ask and no way to let a Retry-After veto a
 * retry, and its timeout policy would wrap the attempt loop from outside; the loop below is short and does all three.
 * The request body is a Buffer (buffered by the caller) so every attempt can resend it.
 */

/** The header carrying the secret the BFF shares with the backend (`BACKEND_SECRET`). */
export const BACKEND_SECRET_HEADER = 'x-backend-secret';
const DEFAULT_ATTEMPT_TIMEOUT_MS = 5_000;
const DEFAULT_DEADLINE_MS = 10_000;
/** The longest a kept-alive socket to a backend waits idle when the backend announces no shorter keep-alive. */
export const IDLE_SOCKET_TIMEOUT_MS = 30_000;

export interface BackendRequest {
  method: string;
  /** Path and query, starting with `/` (e.g. `/api/user.php?push=1`). */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  /** Send once whatever the method (health checks, shadow reads). */
  noRetry?: boolean | undefined;
  /** A shadow read: sent once, outside the retry budget and the breaker, and counted apart. */
  shadow?: boolean | undefined;
  /** Overrides the backend's total deadline for this call (ms). */
  deadlineMs?: number | undefined;
  /**
   * Headers made anew for each attempt (the identity bridge's assertion, which a backend accepts once): a failed
   * attempt that reached the backend must not make the retry look like a replay.
   */
  attemptHeaders?: (() => Promise<OutgoingHttpHeaders>) | undefined;
}

export interface BackendAnswer {
  response: IncomingMessage;
  attempts: number;
}

export interface Backend {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:3001`. */
  readonly url: string;
  /** The backend's name in the routing table (`default` for a single backend). */
  readonly name: string;
  /** The total deadline of one call (ms), every retry included. */
  readonly deadlineMs: number;
  readonly agent: http.Agent;
  send(request: BackendRequest): Promise<BackendAnswer>;
  /** `{ 'x-backend-secret': … }` when a secret is configured, else `{}` (for calls that do not go through `send`). */
  secretHeaders(): OutgoingHttpHeaders;
  /** 0 closed, 1 open, 2 half-open. */
  breakerState(): number;
  destroy(): void;
}

export interface BackendOptions {
  backendUrl: string;
  logger: Logger;
  /** The backend's name (metrics, logs); default `default`. */
  name?: string | undefined;
  retry?: Partial<RetryOptions> | undefined;
  /** Time allowed for one attempt to bring the answer's head, and for a silent body between chunks (ms). */
  timeoutMs?: number | undefined;
  /** Time allowed for the whole call, every attempt and backoff included (ms). */
  deadlineMs?: number | undefined;
  /** The secret shared with the backend (`BACKEND_SECRET`); sent as `x-backend-secret` on every call. Never logged. */
  secret?: string | undefined;
  /** Operations that honour `Idempotency-Key` (`"POST /api/complaints.php"`); default: read from openapi.yaml. */
  idempotentOperations?: IdempotentOperations | undefined;
  budget?: Partial<RetryBudgetOptions> | undefined;
  /** Circuit breaker tuning, or false for none. */
  breaker?: Partial<BreakerOptions> | false | undefined;
  metrics?: BffMetrics | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A path and query that a URL parser would leave exactly as they are: printable characters that need no escaping, no
 * dot segment (nor an escaped dot in the path) and no backslash. Such a path is sent without parsing the call's URL again.
 */
const PLAIN_PATH = /^\/(?![^?]*(?:\/\.|%2e))[a-z0-9\-._~!$&()*+,;=:@/%?]*$/i;

function bodyLength(request: BackendRequest): OutgoingHttpHeaders {
  if (request.body) return { 'content-length': request.body.length };
  return BODY_METHODS.has(request.method.toUpperCase()) ? { 'content-length': 0 } : {};
}

function outcomeOf(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function createBackend(options: BackendOptions): Backend {
  const url = options.backendUrl.replace(/\/+$/, '');
  const name = options.name ?? 'default';
  const base = new URL(url);
  const transport = base.protocol === 'https:' ? https : http;
  // `timeout` makes Node close an idle kept-alive socket before the backend does: with it, the agent honours the
  // backend's `Keep-Alive: timeout=N` hint (closing a second early); without it a socket the backend is closing at that
  // moment can be reused and the call fails with ECONNRESET (a 502 for media, which the proxy does not retry).
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 16, timeout: IDLE_SOCKET_TIMEOUT_MS });
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const attemptTimeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const log = options.logger;
  const idempotentOperations = options.idempotentOperations ?? contractIdempotentOperations();
  const secretHeaders = (): OutgoingHttpHeaders => (options.secret ? { [BACKEND_SECRET_HEADER]: options.secret } : {});
  // What every call's request options share, worked out once: the target (a path of plain characters is sent as it is;
  // any other is resolved against the base URL as before) and the secret's header.
  const { protocol, hostname, port } = urlToHttpOptions(base);
  const target = base.username || base.password ? null : { protocol, hostname, port };
  const prefix = base.pathname === '/' ? '' : base.pathname;
  const secret = secretHeaders();
  const budget = new RetryBudget({ ...DEFAULT_RETRY_BUDGET, ...options.budget });
  const metrics = options.metrics ?? noMetrics();

  metrics.breakerState(name, 0);
  // The breaker judges whole calls (after their retries): an error that is not the caller's own abort, or a final
  // 502/503/504. A call the caller abandoned counts neither way.
  const breaker =
    options.breaker === false
      ? undefined
      : createBreaker({
          options: options.breaker,
          name,
          metrics,
          log,
          failedError: (error) => error instanceof BackendUnavailableError,
          failedResult: (answer) => RETRY_STATUSES.has((answer as BackendAnswer).response.statusCode ?? 0),
        });

  /** One attempt: resolves with the answer's head; aborts (destroying the socket) on `signal` or after the attempt deadline. */
  async function attemptOnce(request: BackendRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const fresh = request.attemptHeaders ? await request.attemptHeaders() : undefined;
    return new Promise((resolve, reject) => {
      const attempt = new AbortController();
      const timer = setTimeout(
        () => attempt.abort(new DeadlineError(`no answer within ${attemptTimeoutMs} ms`, 'attempt')),
        attemptTimeoutMs,
      );
      const onOuterAbort = () => attempt.abort(signal.reason);
      if (signal.aborted) onOuterAbort();
      else signal.addEventListener('abort', onOuterAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onOuterAbort);
      };
      const headers: OutgoingHttpHeaders = {
        ...withoutHeader(request.headers, BACKEND_SECRET_HEADER),
        ...fresh,
        host: base.host,
        ...bodyLength(request),
        ...secret,
      };
      const requestOptions = { method: request.method, headers, agent, signal: attempt.signal };
      const onResponse = (response: IncomingMessage) => {
        settle();
        // The head is here: from now on only the caller's signal (and a silent body) can cut the answer.
        if (request.signal) {
          const onCallerAbort = () => response.destroy(request.signal?.reason instanceof Error ? request.signal.reason : undefined);
          request.signal.addEventListener('abort', onCallerAbort, { once: true });
          response.once('close', () => request.signal?.removeEventListener('abort', onCallerAbort));
        }
        response.setTimeout(attemptTimeoutMs, () =>
          response.destroy(new DeadlineError(`the answer's body stalled for ${attemptTimeoutMs} ms`, 'attempt')),
        );
        resolve(response);
      };
      const outgoing =
        target && PLAIN_PATH.test(request.path)
          ? transport.request({ ...target, ...requestOptions, path: `${prefix}${request.path}` }, onResponse)
          : transport.request(`${url}${request.path}`, requestOptions, onResponse);
      outgoing.on('error', (error) => {
        settle();
        reject(attempt.signal.aborted && attempt.signal.reason instanceof Error ? attempt.signal.reason : error);
      });
      outgoing.end(request.body);
    });
  }

  async function attemptLoop(request: BackendRequest, operation: string): Promise<BackendAnswer> {
    const retryable =
      !request.noRetry && !request.shadow && isRetryable(request.method, request.path, request.headers, idempotentOperations);
    const total = request.deadlineMs ?? deadlineMs;
    const startedAt = Date.now();
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(
      () => deadline.abort(new DeadlineError(`no answer within the deadline of ${total} ms`, 'total')),
      total,
    );
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    const labels = { backend: name, operation };
    /** May another attempt start after `delay` ms? Counts a denial in the metrics when not. */
    const mayRetry = (attempt: number, delay: number): boolean => {
      if (!retryable || attempt >= retry.retries) return false;
      if (Date.now() - startedAt + delay >= total) {
        metrics.retryDenied({ ...labels, reason: 'deadline' });
        return false;
      }
      if (!budget.tryRetry()) {
        metrics.retryDenied({ ...labels, reason: 'budget' });
        return false;
      }
      return true;
    };
    try {
      for (let attempt = 0; ; attempt += 1) {
        let response: IncomingMessage;
        if (!request.shadow) metrics.attempt(labels);
        try {
          response = await attemptOnce(request, signal);
        } catch (error) {
          if (request.signal?.aborted) throw error;
          const cause = deadline.signal.aborted ? deadline.signal.reason : error;
          const delay = backoffDelay(attempt, retry);
          if (deadline.signal.aborted || !mayRetry(attempt, delay)) throw new BackendUnavailableError(attempt + 1, cause);
          const reason = cause instanceof DeadlineError ? 'timeout' : 'connection';
          metrics.retry({ ...labels, reason });
          log.warn(
            { backend: name, attempt: attempt + 1, method: request.method, path: request.path, err: cause },
            'backend attempt failed, retrying',
          );
          await sleep(delay, signal).catch(() => undefined);
          if (request.signal?.aborted) throw request.signal.reason;
          if (deadline.signal.aborted) throw new BackendUnavailableError(attempt + 1, deadline.signal.reason);
          continue;
        }
        const status = response.statusCode ?? 0;
        if (retryable && RETRY_STATUSES.has(status) && attempt < retry.retries) {
          const after = retryAfterMs(response.headers['retry-after']);
          const delay = Math.max(backoffDelay(attempt, retry), after ?? 0);
          if (after !== undefined && Date.now() - startedAt + after >= total) {
            metrics.retryDenied({ ...labels, reason: 'retry_after' });
          } else if (mayRetry(attempt, delay)) {
            response.resume();
            metrics.retry({ ...labels, reason: 'status' });
            log.warn(
              { backend: name, attempt: attempt + 1, method: request.method, path: request.path, status, delayMs: delay },
              'backend answered with a retryable status, retrying',
            );
            await sleep(delay, signal).catch(() => undefined);
            if (request.signal?.aborted) throw request.signal.reason;
            if (deadline.signal.aborted) throw new BackendUnavailableError(attempt + 1, deadline.signal.reason);
            continue;
          }
        }
        return { response, attempts: attempt + 1 };
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /**
   * A call, in a span of its own when tracing is on (trace-hooks.ts): its `traceparent` goes to the backend on every
   * attempt, and the backend's request span continues the page's or the API call's trace.
   */
  function send(request: BackendRequest): Promise<BackendAnswer> {
    const tracing = activeTracing();
    if (!tracing) return sendUntraced(request);
    return tracing.backendCall(
      { method: request.method, path: request.path, url, backend: name, operation: operationNameOf(request.method, request.path) },
      (traceHeaders) => sendUntraced({ ...request, headers: { ...request.headers, ...traceHeaders } }),
      (answer) => ({ status: answer.response.statusCode ?? 0, attempts: answer.attempts }),
    );
  }

  async function sendUntraced(request: BackendRequest): Promise<BackendAnswer> {
    const operation = operationNameOf(request.method, request.path);
    const started = performance.now();
    const record = (outcome: string) => {
      if (!request.shadow) metrics.request({ backend: name, operation, outcome }, (performance.now() - started) / 1000);
    };
    if (!request.shadow) budget.recordRequest();
    try {
      let answer: BackendAnswer;
      if (!breaker || request.shadow) {
        answer = await attemptLoop(request, operation);
      } else {
        // Open: cockatiel throws BrokenCircuitError until halfOpenAfter. Half-open: one test call is on its way, and
        // everyone else fails fast instead of queueing behind it (as cockatiel would).
        if (breaker.state === CircuitState.HalfOpen || breaker.state === CircuitState.Isolated) throw new BreakerOpenError(name);
        answer = await breaker.execute(() => attemptLoop(request, operation));
      }
      record(outcomeOf(answer.response.statusCode ?? 502));
      return answer;
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof BreakerOpenError || error instanceof IsolatedCircuitError) {
        record('breaker_open');
        metrics.retryDenied({ backend: name, operation, reason: 'breaker' });
        throw new BackendUnavailableError(0, error instanceof BreakerOpenError ? error : new BreakerOpenError(name));
      }
      if (error instanceof BackendUnavailableError) {
        record(error.cause instanceof DeadlineError && error.cause.kind === 'total' ? 'deadline' : 'unavailable');
      } else if (request.signal?.aborted) {
        record('abandoned');
      }
      throw error;
    }
  }

  return {
    url,
    name,
    deadlineMs,
    agent,
    send,
    secretHeaders,
    breakerState: () => (breaker ? (breaker.state === CircuitState.Isolated ? 1 : breaker.state) : 0),
    destroy: () => agent.destroy(),
  };
}

function withoutHeader(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() !== name) copy[key] = value;
  return copy;
}

/**
 * Reads a whole response body (used for small answers: API answers, 403 checks, settings, health). Rejects when the
 * body is larger than `limit` (the stream is destroyed then), or when the stream fails or closes before its end.
 */
export function readBody(stream: NodeJS.ReadableStream, limit = 1_048_576): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const readable = stream as NodeJS.ReadableStream & { destroy?: () => void };
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      readable.off('data', onData);
      readable.off('end', onEnd);
      readable.off('error', onError);
      readable.off('close', onClose);
      // Whatever the stream says after this is no one's business (and must not be an uncaught 'error').
      readable.on('error', ignore);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer | string) => {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buf.length;
      if (size > limit) {
        settle(new Error(`body larger than ${limit} bytes`));
        readable.destroy?.();
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(Object.assign(new Error('the body ended before it was complete'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    readable.on('data', onData);
    readable.once('end', onEnd);
    readable.once('error', onError);
    readable.once('close', onClose);
  });
}

function ignore(): void {}
