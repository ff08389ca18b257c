import { EventEmitter } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { isAuthenticationRequired, type User } from '../shared/api/client';
import { MEMBER_ASSERTION_HEADER, sessionHash, type AssertedMember, type AssertionSigner } from '../shared/member-assertion';
import { readBody, type Backend } from './backend';
import { BackendUnavailableError } from './backend-errors';
import { readCookie, writeCookieHeader } from './cookies';
import type { BffMetrics } from './metrics';

/**
 * The identity bridge: while members log in on the PHP service, an operation routed to another backend still knows
 * who is asking. For a request that carries the PHP session cookie, the BFF asks the PHP service who the session
 * belongs to (`GET user.php`, the call the site already makes, read through the anti-corruption layer:
 * legacy-dialect.ts), remembers the answer briefly, and tells the other backend in a signed assertion made for that
 * backend and that request (src/shared/member-assertion.ts), a new one for every attempt. A session the PHP service
 * does not confirm gets no assertion, so the other backend answers 403 like the PHP service would.
 *
 * The cache: at most `maxEntries` sessions, a member for `ttlMs`, an unknown session for `negativeTtlMs`; a page's
 * parallel calls share one lookup. It ends at once for a session that logs out (any call to logout.php), that logs in
 * again (a login answer), or that any backend answers 403 for. Keyed by the cookie's hash; nothing of it is logged.
 * A session that ends elsewhere (a logout through another BFF, on the PHP service itself, its expiry) is learnt when
 * the cache asks again: each assertion says until when the BFF vouches for the session (the PHP service's last
 * confirmation plus `ttlMs`), which bounds the other backend's session for it, and an open event stream is checked
 * again when that time comes (`watch`), so it closes within `ttlMs` of the session's end however it ended.
 */
export interface IdentityBridgeOptions {
  /** The backend members' sessions belong to (the PHP service, read through legacy-dialect.ts). */
  sessions: Backend;
  /** Its session cookie (PHPSESSID). */
  cookieName: string;
  /** Signs the assertions (IDENTITY_SIGNING_KEY, or a key generated for the embedded backend). */
  signer: AssertionSigner;
  ttlMs?: number;
  negativeTtlMs?: number;
  maxEntries?: number;
  logger: Logger;
  metrics: BffMetrics;
}

/** The PHP service could not say who the session belongs to (down, or an answer that is neither a member nor 403). */
class IdentityUnavailableError extends Error {
  constructor(readonly status: number | undefined) {
    super('the session backend could not confirm the session');
    this.name = 'IdentityUnavailableError';
  }
}

/** What the PHP service said of a session, and when (ms): the BFF vouches for it until `at + ttl`. */
type Lookup = { member: AssertedMember | null; at: number };

/** Makes the assertion header for one attempt of a call (a fresh assertion each time: a backend accepts one once). */
export type Asserter = () => Promise<OutgoingHttpHeaders>;

export interface IdentityBridge {
  readonly cookieName: string;
  /** The session backend's name in the routing table. */
  readonly backendName: string;
  /**
   * What asserts the member of this request to backend `audience`, or null: no PHP session cookie, or one the PHP
   * service does not confirm. Throws BackendUnavailableError when the PHP service cannot say (the caller answers 502
   * as for any backend that cannot be reached).
   */
  asserterFor(request: { method: string; path: string; headers: OutgoingHttpHeaders }, audience: string): Promise<Asserter | null>;
  /**
   * What an answer of backend `name` says about the session: a logout, a login or a 403 ends its cached identity. A
   * logout answered by another backend than the sessions' one ends the PHP session too (the member would otherwise
   * still be logged in through it).
   */
  observe(request: { method: string; path: string; headers: OutgoingHttpHeaders }, name: string, status: number): void;
  /**
   * Calls `listener` when the session of this cookie header ends: a logout or 403 seen here, or the PHP service no
   * longer confirming it (asked again each time the BFF's word for it runs out). For an open event stream. Returns the
   * unsubscribe.
   */
  watch(cookieHeader: string | undefined, listener: () => void): () => void;
  /** Whether this request carries a PHP session cookie. */
  carriesSession(headers: OutgoingHttpHeaders): boolean;
}

const LOGOUT = /^\/api\/logout\.php(?:[?#]|$)/;
const USER = /^\/api\/user\.php(?:[?#]|$)/;
/** How soon an open stream's session is asked about again after the PHP service could not say. */
const RECHECK_AFTER_FAILURE_MS = 5_000;

function cookieHeaderOf(headers: OutgoingHttpHeaders): string | undefined {
  const value = headers.cookie;
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** The member of the contract's `{ user }` answer (the anti-corruption layer has made it one). */
function asMember(body: unknown): AssertedMember | null {
  const user = (body as { user?: User } | null)?.user;
  if (!user || typeof user !== 'object' || !Number.isSafeInteger(user.id) || user.id <= 0) return null;
  return {
    id: user.id,
    ...(typeof user.email === 'string' && user.email.includes('@') ? { email: user.email } : {}),
    status: user.status === 'active' ? 'active' : 'not_confirmed',
    language: user.language,
    signup_date: user.signup_date,
    profile: { name: user.profile?.name ?? '', country: user.profile?.country ?? null },
  };
}

export function createIdentityBridge(options: IdentityBridgeOptions): IdentityBridge {
  const { sessions, cookieName, logger, metrics, signer } = options;
  const ttl = options.ttlMs ?? 20_000;
  const negativeTtl = options.negativeTtlMs ?? 5_000;
  const ended = new EventEmitter();
  ended.setMaxListeners(0);

  const cache = new LRUCache<string, Lookup, { value: string }>({
    max: options.maxEntries ?? 10_000,
    ttl,
    fetchMethod: async (_key, _stale, { context, options: entry }) => {
      const at = Date.now();
      // Only the session cookie goes to the PHP service: nothing else of the visitor's request is its business.
      const { response } = await sessions.send({
        method: 'GET',
        path: '/api/user.php',
        headers: { cookie: writeCookieHeader([[cookieName, context.value]]), 'request-type': 'client', accept: 'application/json' },
      });
      const status = response.statusCode ?? 502;
      const body = await readBody(response, 65_536);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = null;
      }
      const member = status === 200 ? asMember(parsed) : null;
      if (member) {
        metrics.identityLookup('member');
        return { member, at };
      }
      if (status === 403 && isAuthenticationRequired(status, parsed)) {
        metrics.identityLookup('no_session');
        entry.ttl = negativeTtl;
        return { member: null, at };
      }
      metrics.identityLookup('unavailable');
      throw new IdentityUnavailableError(status);
    },
  });

  const keyOf = (cookieHeader: string | undefined): string | null => {
    const value = readCookie(cookieHeader, cookieName);
    return value ? sessionHash(value) : null;
  };
  const end = (key: string | null) => {
    if (key === null) return;
    cache.delete(key);
    ended.emit(key);
  };
  // Asked again before the word runs out: an assertion then always vouches for a while ahead, so a call that spends a
  // moment on its way never reaches a backend with a word that has already ended.
  const refreshAhead = Math.min(ttl / 2, 5_000);
  const lookUp = async (key: string, value: string): Promise<Lookup | undefined> => {
    try {
      const lookup = await cache.fetch(key, { context: { value } });
      if (lookup?.member && Date.now() > lookup.at + ttl - refreshAhead)
        return await cache.fetch(key, { context: { value }, forceRefresh: true });
      return lookup;
    } catch (error) {
      logger.warn(
        { status: error instanceof IdentityUnavailableError ? error.status : undefined },
        'identity bridge: the session backend could not confirm a session',
      );
      throw error instanceof BackendUnavailableError ? error : new BackendUnavailableError(0, error);
    }
  };

  return {
    cookieName,
    backendName: sessions.name,
    carriesSession: (headers) => keyOf(cookieHeaderOf(headers)) !== null,
    async asserterFor(request, audience) {
      const value = readCookie(cookieHeaderOf(request.headers), cookieName);
      if (!value) return null;
      const key = sessionHash(value);
      const cached = cache.has(key);
      const lookup = await lookUp(key, value);
      if (cached) metrics.identityLookup('hit');
      const member = lookup?.member;
      if (!lookup || !member) return null;
      const requestId = request.headers['x-request-id'];
      // Unix seconds, to the millisecond (a NumericDate may have a fraction): never a moment past the cached word.
      const sxp = (lookup.at + ttl) / 1000;
      return async () => ({
        [MEMBER_ASSERTION_HEADER]: await signer.sign({
          audience,
          request: { method: request.method, path: request.path, requestId: typeof requestId === 'string' ? requestId : undefined },
          sid: key,
          sxp,
          member,
        }),
      });
    },
    observe(request, name, status) {
      const cookieHeader = cookieHeaderOf(request.headers);
      const key = keyOf(cookieHeader);
      if (key === null) return;
      const logout = LOGOUT.test(request.path);
      if (status === 403 || logout || (USER.test(request.path) && request.method.toUpperCase() === 'POST')) end(key);
      if (logout && name !== sessions.name) {
        const value = readCookie(cookieHeader, cookieName) ?? '';
        sessions
          .send({ method: 'GET', path: '/api/logout.php', headers: { cookie: writeCookieHeader([[cookieName, value]]) }, noRetry: true })
          .then(({ response }) => response.resume())
          .catch((err: unknown) => logger.warn({ err }, 'identity bridge: the session backend did not take the logout'));
      }
    },
    watch(cookieHeader, listener) {
      const value = readCookie(cookieHeader, cookieName);
      if (!value) return () => undefined;
      const key = sessionHash(value);
      let timer: NodeJS.Timeout | undefined;
      let member: number | undefined;
      let stopped = false;
      const schedule = (delayMs: number) => {
        if (stopped) return;
        timer = setTimeout(() => void check(), Math.max(delayMs, 250));
        timer.unref();
      };
      const check = async () => {
        let lookup: Lookup | undefined;
        try {
          lookup = await lookUp(key, value);
        } catch {
          // The PHP service cannot say now: the stream stays (a backend outage logs nobody out) and is asked again soon.
          schedule(Math.min(ttl, RECHECK_AFTER_FAILURE_MS));
          return;
        }
        if (stopped) return;
        const now = lookup?.member?.id;
        if (now === undefined || (member !== undefined && now !== member)) {
          end(key);
          return;
        }
        member = now;
        // Asked again the moment the cached word runs out: the fetch then reaches the PHP service.
        schedule((lookup?.at ?? Date.now()) + ttl - Date.now() + 1);
      };
      ended.on(key, listener);
      void check();
      return () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        ended.off(key, listener);
      };
    },
  };
}
