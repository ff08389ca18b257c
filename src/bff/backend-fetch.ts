import type { Request as ExpressRequest } from 'express';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { readCookies, setCookieNameValue, writeCookieHeader } from './cookies';
import type { IncomingMessage } from 'node:http';
import { readBody, type Backend } from './backend';
import { DeadlineError } from '../shared/deadline';
import { BackendUnavailableError } from './backend-errors';
import { CLIENT_IDENTITY_HEADERS, REQUEST_TYPE_HEADER, TRACE_CONTEXT_HEADERS, backendHeaders } from './backend-headers';
import { BACKEND_UNAVAILABLE, errorBody } from './errors';
import { forwardContext, isHttps } from './request-context';
import { answerHeaders } from './response-policy';
import { isLoggedOutAnswer, sessionPolicy } from './session-policy';
import { AUTH_COOKIE } from '../shared/constants';

/**
 * A per-request `fetch` for server-side calls (settings, and the renderer's typed client): it reaches only the
 * backend, with this visitor's cookies and the same headers and retries as the `/api` proxy. It records what
 * the page response must carry: Set-Cookies from the backend and a clearing auth cookie when an answer says logged
 * out, both by the session policy (session-policy.ts). Nothing is shared between requests.
 */
export interface BackendFetch {
  fetch: typeof fetch;
  /** Accept-Language for the following calls (once the page's locale is negotiated). */
  setLocale(locale: string): void;
  /** True once any answer was 403 authentication_required. */
  readonly authRequired: boolean;
  /** Set-Cookie values the page response must carry (in order). */
  pendingCookies(): string[];
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/**
 * Set by the BFF only (from the visitor's request, `request-type: client` on user.php, the trace context of the call);
 * a header of the renderer's own cannot change them.
 */
const BFF_OWNED = new Set([...CLIENT_IDENTITY_HEADERS, REQUEST_TYPE_HEADER, ...TRACE_CONTEXT_HEADERS]);

/**
 * Per backend, the paths whose answers create the backend's session (Set-Cookie of a PHPSESSID-style auth cookie on a
 * call that had none), learned as pages are served: a hint for the session gate below, not state anyone relies on.
 */
const SESSION_PATHS = new WeakMap<Backend, Set<string>>();

export function createBackendFetch(options: {
  backend: Backend;
  req: ExpressRequest;
  locale: string;
  trustProxy: boolean;
  authCookieName: string;
  logger: Logger;
  signal?: AbortSignal;
}): BackendFetch {
  const { backend, req, authCookieName } = options;
  const session = sessionPolicy(authCookieName);
  const origin = new URL(backend.url).origin;
  const secure = isHttps(req);
  let locale = options.locale;
  let authRequired = false;
  const cookies: string[] = [];
  // Cookies the backend sets during this render are sent on the following calls of the same render.
  const jar = new Map<string, string>();
  for (const [name, value] of Object.entries(readCookies(req.get('cookie')))) if (value !== undefined) jar.set(name, value);
  let jarChanged = false;
  // All calls of one page share one total deadline (BACKEND_DEADLINE_MS from the page's start), so a hung backend holds
  // a page no longer than it holds one /api call, however many calls the page makes one after another.
  const pageDeadlineAt = Date.now() + backend.deadlineMs;
  // Once the page's answer is complete (or its visitor gone), every call still running for it is cancelled: an
  // abandoned call must not keep retrying against a failing backend after the page was sent.
  const pageDone = new AbortController();
  const response = req.res;
  if (response) {
    if (response.writableFinished || response.destroyed) pageDone.abort(new Error('the page was already answered'));
    else response.once('close', () => pageDone.abort(new Error('the page was answered; its backend calls end with it')));
  }

  // The auth cookie came from the backend during this render (a new PHP session, a login): a later 403 of the same
  // render must not clear what the backend has just set.
  let authSetByBackend = false;
  // A backend whose own session cookie is the login (AUTH_COOKIE_NAME=PHPSESSID) creates a session on a call without
  // one. Calls of one page to paths known to do so (learned per backend as their answers set the cookie) go one at a
  // time while the page has no session yet: the first brings the session's cookie with its head, and the others carry
  // it — one page view, one PHP session, not one per parallel call. The contract's own `auth` cookie is never created
  // for a visitor, so with it nothing waits.
  const sessionGate = authCookieName !== AUTH_COOKIE;
  let sessionPaths = SESSION_PATHS.get(backend);
  if (!sessionPaths) SESSION_PATHS.set(backend, (sessionPaths = new Set()));
  let creating: Promise<void> | undefined;

  /** Remembers one backend answer's Set-Cookies, as the session policy wrote them. */
  function remember(values: string | string[], setsAuth: boolean): void {
    for (const normalized of Array.isArray(values) ? values : [values]) {
      const { name, value } = setCookieNameValue(normalized);
      if (name === '') {
        cookies.push(normalized);
        continue;
      }
      // One Set-Cookie per name on the page: a later one replaces an earlier one (as the browser would).
      const earlier = cookies.findIndex((c) => setCookieNameValue(c).name === name);
      if (earlier >= 0) cookies.splice(earlier, 1);
      cookies.push(normalized);
      if (/max-age=0/i.test(normalized) || value === '') jar.delete(name);
      else jar.set(name, value);
      jarChanged = true;
    }
    if (setsAuth) authSetByBackend = true;
  }

  const backendFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== origin) throw new TypeError(`The per-request fetch only reaches the backend, not ${url.origin}`);
    const path = `${url.pathname}${url.search}`;
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    let releaseGate: (() => void) | undefined;
    if (sessionGate) {
      while (creating && !jar.has(authCookieName) && sessionPaths.has(url.pathname)) await creating;
      if (!jar.has(authCookieName) && sessionPaths.has(url.pathname)) {
        const mine: Promise<void> = new Promise<void>((resolve) => {
          releaseGate = () => {
            if (creating === mine) creating = undefined;
            resolve();
          };
        });
        creating = mine;
      }
    }
    const hadSession = jar.has(authCookieName);
    try {
      return await sendOne(request, path, body, (setsAuth) => {
        if (sessionGate && !hadSession && setsAuth) sessionPaths.add(url.pathname);
        releaseGate?.();
      });
    } finally {
      releaseGate?.();
    }
  };

  async function sendOne(
    request: Request,
    path: string,
    body: Buffer | undefined,
    headArrived: (setsAuth: boolean) => void,
  ): Promise<Response> {
    const incoming = { ...req.headers };
    delete incoming['content-type'];
    delete incoming['content-length'];
    delete incoming['transfer-encoding'];
    // The visitor's key belongs to his page request, not to this call; a key the renderer sets itself (below) goes
    // along, and makes the call retryable when the operation honours it.
    delete incoming['idempotency-key'];
    if (jarChanged) incoming.cookie = writeCookieHeader(jar);
    const sentAuth = jar.has(authCookieName);
    const headers = backendHeaders(incoming, path, forwardContext(req, locale, options.trustProxy));
    request.headers.forEach((value, name) => {
      if (!BFF_OWNED.has(name)) headers[name] = value;
    });
    headers['accept'] ??= 'application/json';

    const signals = [options.signal, request.signal, pageDone.signal].filter((s): s is AbortSignal => s !== undefined);
    const remaining = pageDeadlineAt - Date.now();
    let response: IncomingMessage;
    try {
      if (remaining <= 0) throw new BackendUnavailableError(0, new DeadlineError("the page's backend deadline has passed", 'total'));
      ({ response } = await backend.send({
        deadlineMs: remaining,
        method: request.method,
        path,
        headers,
        body,
        signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      }));
    } catch (error) {
      if (!(error instanceof BackendUnavailableError)) throw error;
      // The same answer the /api proxy gives, so a page shows its error state instead of failing whole.
      const { status, code, message } = BACKEND_UNAVAILABLE;
      return Response.json(errorBody(code, message), { status });
    }
    const status = response.statusCode ?? 502;

    const outHeaders = new Headers();
    const { headers: answered, setsAuth } = answerHeaders(response.headers, session, { secure, host: req.hostname });
    for (const [name, value] of answered) {
      if (name === 'set-cookie') remember(value, setsAuth);
      else for (const v of Array.isArray(value) ? value : [value]) outHeaders.append(name, v);
    }
    headArrived(setsAuth);

    if (NULL_BODY_STATUSES.has(status) || request.method === 'HEAD') {
      response.resume();
      return new Response(null, { status, headers: outHeaders });
    }
    if (status === 403) {
      const payload = await readBody(response);
      if (isLoggedOutAnswer(status, payload)) {
        // Logged out: the session policy clears the visitor's stale auth cookie, once per page, and never one the
        // backend has just set during this render.
        const clearing = authRequired
          ? undefined
          : session.loggedOutCookie({ status, body: payload }, { sentAuth, authJustSet: setsAuth || authSetByBackend, secure });
        if (clearing) {
          cookies.push(clearing);
          jar.delete(authCookieName);
          jarChanged = true;
        }
        authRequired = true;
      }
      return new Response(new Uint8Array(payload), { status, headers: outHeaders });
    }
    return new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, { status, headers: outHeaders });
  }

  return {
    fetch: backendFetch as typeof fetch,
    setLocale: (next) => {
      locale = next;
    },
    get authRequired() {
      return authRequired;
    },
    pendingCookies: () => [...cookies],
  };
}
