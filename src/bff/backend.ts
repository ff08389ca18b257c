import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { isAuthenticationRequired } from '../shared/api/client';
import { REQUEST_RETRIES } from '../shared/constants';
import { contractIdempotentOperations, operationKey, type IdempotentOperations } from './idempotent-operations';

/**
 * The one way the BFF talks to a backend (TypeScript mock-backend or a PHP service): plain HTTP through a
 * keep-alive agent, with retries. Both the `/api` proxy and the per-request fetch handed to the SSR renderer
 * use `send`, so retries, timeouts and header rules are identical for browser calls and server-side calls.
 * When a backend secret is configured, `send` puts it on every attempt as `x-backend-secret`.
 *
 * Retry policy (SPEC §7 "retried up to 5 times with exponential delay", ARCHITECTURE "retries only where safe"):
 * - GET, HEAD and OPTIONS always; any other method (POST, PUT, PATCH, DELETE, …) only when openapi.yaml says the
 *   operation honours `Idempotency-Key` (see idempotent-operations.ts) AND the request carries a non-empty key —
 *   only then can the backend tell a repeat from a new write. Everything else is sent exactly once, whatever happens;
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
/** The header carrying the secret the BFF shares with the backend (`BACKEND_SECRET`). */
export const BACKEND_SECRET_HEADER = 'x-backend-secret';
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** Methods that are safe to repeat whatever the operation (RFC 9110 §9.2.1). */
const ALWAYS_RETRYABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * May this request be sent again after a failed attempt? GET/HEAD/OPTIONS: yes. Anything else: only when
 * `"METHOD path"` (query dropped) is one of `idempotentOperations` and the request carries a non-empty
 * `Idempotency-Key`.
 */
export function isRetryable(
  method: string,
  path: string,
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  idempotentOperations: IdempotentOperations,
): boolean {
  if (ALWAYS_RETRYABLE_METHODS.has(method.toUpperCase())) return true;
  const key = headers['idempotency-key'];
  return typeof key === 'string' && key.trim() !== '' && idempotentOperations.has(operationKey(method, path));
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
  /** `{ 'x-backend-secret': … }` when a secret is configured, else `{}` (for calls that do not go through `send`). */
  secretHeaders(): OutgoingHttpHeaders;
  destroy(): void;
}

export interface BackendOptions {
  backendUrl: string;
  logger: Logger;
  retry?: Partial<RetryOptions> | undefined;
  /** Socket idle timeout per attempt (ms). */
  timeoutMs?: number | undefined;
  /** The secret shared with the backend (`BACKEND_SECRET`); sent as `x-backend-secret` on every call. Never logged. */
  secret?: string | undefined;
  /** Operations that honour `Idempotency-Key` (`"POST /api/complaints.php"`); default: read from openapi.yaml. */
  idempotentOperations?: IdempotentOperations | undefined;
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
  const idempotentOperations = options.idempotentOperations ?? contractIdempotentOperations();
  const secretHeaders = (): OutgoingHttpHeaders => (options.secret ? { [BACKEND_SECRET_HEADER]: options.secret } : {});

  function attemptOnce(request: BackendRequest): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const outgoing = transport.request(
        `${url}${request.path}`,
        {
          method: request.method,
          headers: { ...withoutHeader(request.headers, BACKEND_SECRET_HEADER), host: base.host, ...bodyLength(request), ...secretHeaders() },
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
    const retryable = !request.noRetry && isRetryable(request.method, request.path, request.headers, idempotentOperations);
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

  return { url, agent, send, secretHeaders, destroy: () => agent.destroy() };
}

function withoutHeader(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() !== name) copy[key] = value;
  return copy;
}

/**
 * Who the visitor is and where he is, as the BFF determined it: a visitor (or an untrusted proxy) must never
 * choose these, so his own values are always dropped and the BFF's are set instead (or none).
 */
export const CLIENT_IDENTITY_HEADERS: readonly string[] = [
  'x-forwarded-for',
  'x-client-ip',
  'x-client-country',
  BACKEND_SECRET_HEADER,
  'cf-ipcountry',
  'x-country',
  'x-real-ip',
  'forwarded',
];

/** The header that marks user.php calls as the site's own client (SPEC §7); only the BFF sets it. */
export const REQUEST_TYPE_HEADER = 'request-type';

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
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-request-id',
  // SPEC §7's `request-type: client` is the BFF's to set (on user.php only, below); a browser's own value never passes.
  REQUEST_TYPE_HEADER,
  ...CLIENT_IDENTITY_HEADERS,
]);

/**
 * Never copied from a backend answer to the browser: hop-by-hop headers, and HSTS — whether browsers must use HTTPS
 * is the BFF's to say (helmet, from PUBLIC_URL), not a backend's, which would otherwise reach browsers over plain HTTP.
 */
export const RESPONSE_HEADERS_DROPPED: ReadonlySet<string> = new Set([
  'strict-transport-security',
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
  /** The visitor's address as Express determined it under `trust proxy` (IPv4-mapped prefix stripped); '' if unknown. */
  clientIp: string;
  /** Two-letter country (uppercase) from a trusted proxy's CF-IPCountry / X-Country; undefined otherwise. */
  clientCountry?: string | undefined;
  forwardedHost: string;
  forwardedProto: string;
}

/**
 * The client-identity headers the BFF sets on a backend call: `x-client-ip` and `x-forwarded-for` (both the one
 * determined address — never the visitor's own chain, so a backend reading the left-most entry cannot be fooled)
 * and `x-client-country` when known. The secret is added by `Backend.send` / `Backend.secretHeaders`.
 */
export function clientIdentityHeaders(ctx: Pick<ForwardContext, 'clientIp' | 'clientCountry'>): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  if (ctx.clientIp) {
    out['x-client-ip'] = ctx.clientIp;
    out['x-forwarded-for'] = ctx.clientIp;
  }
  if (ctx.clientCountry) out['x-client-country'] = ctx.clientCountry;
  return out;
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
  Object.assign(out, clientIdentityHeaders(ctx));
  out['x-forwarded-host'] = ctx.forwardedHost;
  out['x-forwarded-proto'] = ctx.forwardedProto;
  if (isUserPhp(path)) out[REQUEST_TYPE_HEADER] = 'client';
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
