import { EventEmitter } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { isAuthenticationRequired } from '../shared/api/client';
import { MEMBER_ASSERTION_HEADER, sessionHash, signMemberAssertion, type AssertedMember } from '../shared/member-assertion';
import { readBody, type Backend } from './backend';
import { BackendUnavailableError } from './backend-errors';
import { readCookie, writeCookieHeader } from './cookies';
import type { BffMetrics } from './metrics';

/**
 * The identity bridge: while members log in on the PHP service, an operation routed to another backend still knows
 * who is asking. For a request that carries the PHP session cookie, the BFF asks the PHP service who the session
 * belongs to (`GET user.php`, the call the site already makes), remembers the answer briefly, and tells the other
 * backend in a signed assertion bound to the request (src/shared/member-assertion.ts). A session the PHP service
 * does not confirm gets no assertion, so the other backend answers 403 like the PHP service would.
 *
 * The cache: at most `maxEntries` sessions, a member for `ttlMs`, an unknown session for `negativeTtlMs`; a page's
 * parallel calls share one lookup. It ends at once for a session that logs out (any call to logout.php), that logs in
 * again (a login answer), or that any backend answers 403 for. Keyed by the cookie's hash; nothing of it is logged.
 * Each BFF instance has its own cache: a logout made through another instance ends here within `ttlMs` at the latest.
 */
export interface IdentityBridgeOptions {
  /** The backend members' sessions belong to (the PHP service). */
  sessions: Backend;
  /** Its session cookie (PHPSESSID). */
  cookieName: string;
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

type Lookup = { member: AssertedMember | null };

export interface IdentityBridge {
  readonly cookieName: string;
  /** The session backend's name in the routing table. */
  readonly backendName: string;
  /**
   * The assertion header for a call signed with `secret` (the target backend's), or none: no PHP session cookie, or
   * one the PHP service does not confirm. Throws BackendUnavailableError when the PHP service cannot say (the
   * caller answers 502 as for any backend that cannot be reached).
   */
  headersFor(
    request: { method: string; path: string; headers: OutgoingHttpHeaders },
    secret: string | undefined,
  ): Promise<OutgoingHttpHeaders>;
  /**
   * What an answer of backend `name` says about the session: a logout, a login or a 403 ends its cached identity. A
   * logout answered by another backend than the sessions' one ends the PHP session too (the member would otherwise
   * still be logged in through it).
   */
  observe(request: { method: string; path: string; headers: OutgoingHttpHeaders }, name: string, status: number): void;
  /** Calls `listener` when the session of this cookie header ends (an open event stream closes). Returns the unsubscribe. */
  onEnded(cookieHeader: string | undefined, listener: () => void): () => void;
  /** Whether this request carries a PHP session cookie. */
  carriesSession(headers: OutgoingHttpHeaders): boolean;
}

const LOGOUT = /^\/api\/logout\.php(?:[?#]|$)/;
const USER = /^\/api\/user\.php(?:[?#]|$)/;

function cookieHeaderOf(headers: OutgoingHttpHeaders): string | undefined {
  const value = headers.cookie;
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join('; ') : String(value);
}

function asMember(body: unknown): AssertedMember | null {
  const user = (body as { user?: Record<string, unknown> } | null)?.user;
  if (!user || typeof user !== 'object') return null;
  const profile = (user.profile ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(user.id) || (user.id as number) <= 0) return null;
  return {
    id: user.id as number,
    email: typeof user.email === 'string' ? user.email : '',
    status: user.status === 'active' ? 'active' : 'not_confirmed',
    language: typeof user.language === 'string' ? user.language : 'en',
    signup_date: typeof user.signup_date === 'string' ? user.signup_date : new Date(0).toISOString(),
    profile: {
      name: typeof profile.name === 'string' ? profile.name : '',
      country: typeof profile.country === 'string' ? profile.country : null,
    },
  };
}

export function createIdentityBridge(options: IdentityBridgeOptions): IdentityBridge {
  const { sessions, cookieName, logger, metrics } = options;
  const ttl = options.ttlMs ?? 20_000;
  const negativeTtl = options.negativeTtlMs ?? 5_000;
  const ended = new EventEmitter();
  ended.setMaxListeners(0);

  const cache = new LRUCache<string, Lookup, { value: string }>({
    max: options.maxEntries ?? 10_000,
    ttl,
    fetchMethod: async (_key, _stale, { context, options: entry }) => {
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
        return { member };
      }
      if (status === 403 && isAuthenticationRequired(status, parsed)) {
        metrics.identityLookup('no_session');
        entry.ttl = negativeTtl;
        return { member: null };
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

  return {
    cookieName,
    backendName: sessions.name,
    carriesSession: (headers) => keyOf(cookieHeaderOf(headers)) !== null,
    async headersFor(request, secret) {
      const cookieHeader = cookieHeaderOf(request.headers);
      const value = readCookie(cookieHeader, cookieName);
      if (!value || !secret) return {};
      const key = sessionHash(value);
      const cached = cache.has(key);
      let lookup: Lookup | undefined;
      try {
        lookup = await cache.fetch(key, { context: { value } });
      } catch (error) {
        logger.warn(
          { status: error instanceof IdentityUnavailableError ? error.status : undefined },
          'identity bridge: the session backend could not confirm a session',
        );
        throw error instanceof BackendUnavailableError ? error : new BackendUnavailableError(0, error);
      }
      if (cached) metrics.identityLookup('hit');
      if (!lookup?.member) return {};
      const requestId = request.headers['x-request-id'];
      const assertion = signMemberAssertion(secret, {
        sub: lookup.member.id,
        sid: key,
        rid: typeof requestId === 'string' ? requestId : '',
        mth: request.method.toUpperCase(),
        pth: request.path,
        usr: lookup.member,
      });
      return { [MEMBER_ASSERTION_HEADER]: assertion };
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
    onEnded(cookieHeader, listener) {
      const key = keyOf(cookieHeader);
      if (key === null) return () => undefined;
      ended.on(key, listener);
      return () => ended.off(key, listener);
    },
  };
}
