import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { isAuthenticationRequired } from '../shared/api/client';
import { REQUEST_RETRIES } from '../shared/constants';

/**
 * The one way the BFF talks to a backend (TypeScript mock-backend or a PHP service): plain HTTP through a
 * keep-alive agent, with retries. Both the `/api` proxy and the per-request fetch handed to the SSR renderer
 * use `send`, so retries, timeouts and header rules are identical for browser calls and server-side calls.
 *
 * Retry policy (SPEC §7 "retried up to 5 times with exponential delay", ARCHITECTURE "retries only where safe"):
 * - only idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE) or requests carrying an `Idempotency-Key`;
 *   a POST without the key is sent exactly once, whatever happens;
 * - only on connection errors / timeouts and on 502, 503, 504 answers (the failed answer is drained and dropped);
 * - up to `retries` (5) retries, delay = random(0, min(capMs, baseMs * 2^attempt)) ("full jitter").
 * The request body is a Buffer (buffered by the caller) so every attempt can resend it.
 */

export interface RetryOptions {
  retries: number;
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: REQUEST_RETRIES, baseMs: 100, capMs: 2_000 };
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isRetryable(method: string, headers: IncomingHttpHeaders | OutgoingHttpHeaders): boolean {
  const key = headers['idempotency-key'];
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || (typeof key === 'string' && key.trim() !== '');
}

export function backoffDelay(attempt: number, retry: RetryOptions, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(retry.capMs, retry.baseMs * 2 ** attempt));
}

export interface BackendRequest {
  method: string;
  /** Path and query, starting with `/` (e.g. `/api/user.php?push=1`). */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  /** Send once whatever the method (health checks). */
  noRetry?: boolean | undefined;
}

export interface BackendAnswer {
  response: IncomingMessage;
  attempts: number;
}

/** The backend could not be reached (connection error or timeout on the last allowed attempt). */
export class BackendUnavailableError extends Error {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`Backend unreachable after ${attempts} attempt(s): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BackendUnavailableError';
  }
}

export interface Backend {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:3001`. */
  readonly url: string;
  readonly agent: http.Agent;
  send(request: BackendRequest): Promise<BackendAnswer>;
  destroy(): void;
}

export interface BackendOptions {
  backendUrl: string;
  logger: Logger;
  retry?: Partial<RetryOptions> | undefined;
  /** Socket idle timeout per attempt (ms). */
  timeoutMs?: number | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bodyLength(request: BackendRequest): OutgoingHttpHeaders {
  if (request.body) return { 'content-length': request.body.length };
  return BODY_METHODS.has(request.method.toUpperCase()) ? { 'content-length': 0 } : {};
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createBackend(options: BackendOptions): Backend {
  const url = options.backendUrl.replace(/\/+$/, '');
  const base = new URL(url);
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 16 });
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const log = options.logger;

  function attemptOnce(request: BackendRequest): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const outgoing = transport.request(
        `${url}${request.path}`,
        {
          method: request.method,
          headers: { ...request.headers, host: base.host, ...bodyLength(request) },
          agent,
          ...(request.signal ? { signal: request.signal } : {}),
        },
        (response) => {
          outgoing.setTimeout(0);
          resolve(response);
        },
      );
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  async function send(request: BackendRequest): Promise<BackendAnswer> {
    const retryable = !request.noRetry && isRetryable(request.method, request.headers);
    for (let attempt = 0; ; attempt += 1) {
      let response: IncomingMessage;
      try {
        response = await attemptOnce(request);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (!retryable || attempt >= retry.retries) throw new BackendUnavailableError(attempt + 1, error);
        log.warn({ attempt: attempt + 1, method: request.method, path: request.path, err: error }, 'backend connection failed, retrying');
        await sleep(backoffDelay(attempt, retry), request.signal);
        continue;
      }
      const status = response.statusCode ?? 0;
      if (retryable && attempt < retry.retries && RETRY_STATUSES.has(status)) {
        response.resume();
        log.warn({ attempt: attempt + 1, method: request.method, path: request.path, status }, 'backend answered with a retryable status, retrying');
        await sleep(backoffDelay(attempt, retry), request.signal);
        continue;
      }
      return { response, attempts: attempt + 1 };
    }
  }

  return { url, agent, send, destroy: () => agent.destroy() };
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and headers the BFF recomputes; never forwarded as they came. */
const REQUEST_HEADERS_DROPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'content-length',
  // The BFF ↔ backend leg is uncompressed so the BFF can read 403 bodies; `compression` encodes towards the browser.
  'accept-encoding',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-request-id',
  'forwarded',
]);

const RESPONSE_HEADERS_DROPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ForwardContext {
  requestId: string;
  locale: string;
  /** Value for X-Forwarded-For (already including the client address). */
  forwardedFor: string;
  forwardedHost: string;
  forwardedProto: string;
}

/** `request-type: client` on every user.php call (SPEC §7). */
export function isUserPhp(path: string): boolean {
  return /^\/api\/user\.php(?:[?#]|$)/.test(path);
}

/** Headers for a backend call: the visitor's headers (cookies unchanged) plus the BFF's own. */
export function backendHeaders(incoming: IncomingHttpHeaders, path: string, ctx: ForwardContext): OutgoingHttpHeaders {
  const connectionListed = new Set(
    String(incoming.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || REQUEST_HEADERS_DROPPED.has(name) || connectionListed.has(name)) continue;
    out[name] = value;
  }
  out['accept-language'] = ctx.locale;
  out['x-request-id'] = ctx.requestId;
  out['x-forwarded-for'] = ctx.forwardedFor;
  out['x-forwarded-host'] = ctx.forwardedHost;
  out['x-forwarded-proto'] = ctx.forwardedProto;
  if (isUserPhp(path)) out['request-type'] = 'client';
  return out;
}

/** Response headers of a backend answer that may be copied to the browser (minus hop-by-hop). */
export function copyableResponseHeaders(response: IncomingMessage): [string, string | string[]][] {
  const result: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || RESPONSE_HEADERS_DROPPED.has(name)) continue;
    result.push([name, value]);
  }
  return result;
}

/** Reads a whole response body (used for small answers: 403 checks, settings, health). */
export async function readBody(stream: NodeJS.ReadableStream, limit = 1_048_576): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > limit) throw new Error(`body larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** True for a 403 whose JSON body carries `authentication_required` (SPEC §6/§7). */
export function isAuthRequiredBody(status: number, body: Buffer): boolean {
  if (status !== 403) return false;
  try {
    return isAuthenticationRequired(status, JSON.parse(body.toString('utf8')));
  } catch {
    return false;
  }
}
