import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';

/**
 * The client's rules for repeating a call, the BFF's (src/bff/retry-policy.ts) for a client of its own:
 *
 * - which calls: GET, HEAD and OPTIONS always; a write only when its operation honours `Idempotency-Key` (the
 *   contract's list, generated into generated/idempotent-operations.ts at build time) and the request carries a key —
 *   the client adds a fresh one (crypto.randomUUID) to every such write that has none, and every attempt of the call
 *   sends that same key, so the backend does the work once and answers a repeat with the stored answer;
 * - on what: a network error (fetch's TypeError; never an abort) and the answers 429, 502, 503 and 504;
 * - how soon: exponential backoff with full jitter, random(0, min(capMs, baseMs · 2^attempt)), never sooner than the
 *   answer's `Retry-After`; a `Retry-After` beyond `maxRetryAfterMs` is not waited for — that answer is returned.
 *
 * Nothing here knows the contract's types: index.ts binds them (and the generated list) for the published entry, and
 * the tests bind the repository's own.
 */

export interface RetryOptions {
  /** Attempts after the first (0: never repeat). */
  retries: number;
  /** The first backoff's ceiling (ms); it doubles with each attempt up to `capMs`. */
  baseMs: number;
  /** The longest backoff (ms). */
  capMs: number;
  /** The longest `Retry-After` the client waits for (ms); a longer one returns the answer as it is. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 2, baseMs: 200, capMs: 2_000, maxRetryAfterMs: 10_000 };

/** Answers after which a repeatable call is sent again. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Methods safe to repeat whatever the operation (RFC 9110 §9.2.1). */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type Fetch = (input: Request) => Promise<Response>;

export interface ContractClientOptions {
  /** Where the API lives: the site's origin plus `/api` (`https://site.example/api`); in a browser `/api` will do. */
  baseUrl: string;
  /** The fetch to send with (default: the global fetch, looked up at each call). */
  fetch?: Fetch;
  /** Headers for every call (a server-side caller's `cookie`, an `accept-language`…). */
  headers?: ClientOptions['headers'];
  /** How many times to repeat a repeatable call, or the whole policy; see RetryOptions. */
  retries?: number | Partial<RetryOptions>;
}

/** `"POST /payments.php"`-style keys (templated paths allowed) → does this method and path name one of them? */
function operationMatcher(operations: Iterable<string>): (method: string, path: string) => boolean {
  const exact = new Set<string>();
  const templated: RegExp[] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const operation of operations) {
    if (!operation.includes('{')) exact.add(operation);
    else
      templated.push(
        new RegExp(
          `^${operation
            .split(/\{[^}]+\}/)
            .map(escape)
            .join('[^/]+')}$`,
        ),
      );
  }
  return (method, path) => {
    const key = `${method.toUpperCase()} ${path}`;
    return exact.has(key) || templated.some((pattern) => pattern.test(key));
  };
}

/** May this request be sent again: a safe method, or a write of a key-honouring operation that carries a key. */
function isRepeatable(request: Request, path: string, honoursKey: (method: string, path: string) => boolean): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const key = request.headers.get('idempotency-key');
  return key !== null && key.trim() !== '' && honoursKey(request.method, path);
}

function backoffDelay(attempt: number, retry: RetryOptions, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(retry.capMs, retry.baseMs * 2 ** attempt));
}

/** `Retry-After` (RFC 9110 §10.2.3: seconds or an HTTP date) in milliseconds from now; undefined when absent or bad. */
function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The path of the base URL (`/api`), whether the base is absolute or (in a browser) relative. */
function basePathOf(baseUrl: string): string {
  return new URL(baseUrl, 'http://relative.invalid').pathname.replace(/\/+$/, '');
}

/** A fetch that repeats what isRepeatable allows, per the rules above. The request is cloned for every attempt but the last. */
function retryingFetch(
  send: Fetch,
  options: { baseUrl: string; honoursKey: (method: string, path: string) => boolean; retry: RetryOptions },
): Fetch {
  const base = basePathOf(options.baseUrl);
  const { retry } = options;
  return async (request) => {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
    if (retry.retries <= 0 || !isRepeatable(request, path, options.honoursKey)) return send(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retry.retries;
      let response: Response;
      try {
        response = await send(last ? request : request.clone());
      } catch (error) {
        // fetch rejects with a TypeError when the network failed; an abort or a timeout is the caller's decision.
        if (last || request.signal.aborted || !(error instanceof TypeError)) throw error;
        await sleep(backoffDelay(attempt, retry), request.signal);
        continue;
      }
      if (last || !RETRY_STATUSES.has(response.status)) return response;
      const after = retryAfterMs(response.headers.get('retry-after'));
      if (after !== undefined && after > retry.maxRetryAfterMs) return response;
      await response.body?.cancel();
      await sleep(Math.max(backoffDelay(attempt, retry), after ?? 0), request.signal);
    }
  };
}

/** Adds a fresh `Idempotency-Key` to every write of an operation that honours it, unless the caller set one. */
function idempotencyKeys(honoursKey: (method: string, path: string) => boolean): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (!request.headers.has('idempotency-key') && honoursKey(request.method, schemaPath)) {
        request.headers.set('Idempotency-Key', crypto.randomUUID());
      }
      return request;
    },
  };
}

function retryOptionsOf(retries: ContractClientOptions['retries']): RetryOptions {
  if (typeof retries === 'number') return { ...DEFAULT_RETRY, retries };
  return { ...DEFAULT_RETRY, ...retries };
}

/**
 * An openapi-fetch client for `Paths` that keys the writes of `idempotentOperations` (`"POST /payments.php"`, paths as
 * the contract names them, without the server's `/api`) and repeats what may be repeated.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- openapi-fetch's own bound for a paths type
export function createContractClient<Paths extends {}>(
  options: ContractClientOptions,
  idempotentOperations: Iterable<string>,
): Client<Paths> {
  const honoursKey = operationMatcher(idempotentOperations);
  const send: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    fetch: retryingFetch(send, { baseUrl: options.baseUrl, honoursKey, retry: retryOptionsOf(options.retries) }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  client.use(idempotencyKeys(honoursKey));
  return client;
}
