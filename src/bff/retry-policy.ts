import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { REQUEST_RETRIES } from '../shared/constants';
import { operationKey, type IdempotentOperations } from './idempotent-operations';

/** The rules of the BFF's one retry layer (backend.ts runs them): which calls may repeat, when and how soon. */

export interface RetryOptions {
  retries: number;
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: REQUEST_RETRIES, baseMs: 100, capMs: 2_000 };
/** Answers a retryable call is sent again after (the failed answer is drained and dropped). */
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

/** `Retry-After` (RFC 9110 §10.2.3: seconds or an HTTP date) in milliseconds from now; undefined when absent or bad. */
export function retryAfterMs(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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
