import { isAuthenticationRequired } from '../shared/api/client';
import { AUTH_COOKIE } from '../shared/constants';
import { clearAuthCookie, normalizeSetCookie, readCookie, setCookieNameValue } from './cookies';

/**
 * The BFF's one response policy for the session, on every path that reaches a backend — the `/api` proxy, a page's
 * calls (backend-fetch.ts), the event stream, `/media` and the language switch:
 *
 * - A backend's `Set-Cookie` of the auth cookie leaves normalised (HttpOnly, SameSite=Lax, Path=/, Secure on HTTPS;
 *   its lifetime and a Domain covering the site stay the backend's); every other cookie passes unchanged.
 * - "The backend says logged out" is a 403 whose JSON body carries `authentication_required`. Then the visitor's auth
 *   cookie is cleared — only when the BFF owns that cookie (the contract's own `auth`), the browser sent one, and no
 *   answer of the same request has just set it.
 * - A backend's own session cookie (AUTH_COOKIE_NAME=PHPSESSID in front of PHP) is never cleared by the BFF: the
 *   session outlives the login (an anonymous PHP session answers 403 too, and may hold what the visitor chose), and
 *   the backend ends it itself at logout with its own `Set-Cookie`, which passes through like any other.
 */
export interface SessionPolicy {
  readonly authCookieName: string;
  /** True when the browser sent the auth cookie with this request. */
  sentAuth(cookieHeader: string | undefined): boolean;
  /** One backend answer's `Set-Cookie` values as they leave the BFF, and whether one of them sets the auth cookie. */
  backendCookies(values: string | string[] | undefined, site: Site): { cookies: string[]; setsAuth: boolean };
  /**
   * The `Set-Cookie` that clears the auth cookie after this answer, or undefined when the rule keeps it: the answer is
   * not "logged out", the cookie is a backend's own session, the browser sent none, or it was just set.
   */
  loggedOutCookie(
    answer: { status: number; body: Buffer },
    request: { sentAuth: boolean; authJustSet: boolean; secure: boolean },
  ): string | undefined;
}

/** The site a cookie is written for: HTTPS or not, and its host (a backend's `Domain` must cover it). */
export interface Site {
  secure: boolean;
  host?: string | undefined;
}

/** True for a 403 whose JSON body carries `authentication_required`: the backend says the visitor is logged out. */
export function isLoggedOutAnswer(status: number, body: Buffer): boolean {
  if (status !== 403) return false;
  try {
    return isAuthenticationRequired(status, JSON.parse(body.toString('utf8')));
  } catch {
    return false;
  }
}

export function sessionPolicy(authCookieName: string): SessionPolicy {
  // Only the contract's own cookie is the BFF's to clear; any other name is a backend's session (PHPSESSID).
  const ownsAuthCookie = authCookieName === AUTH_COOKIE;
  return {
    authCookieName,
    sentAuth: (cookieHeader) => readCookie(cookieHeader, authCookieName) !== undefined,
    backendCookies(values, site) {
      const list = values === undefined ? [] : Array.isArray(values) ? values : [values];
      const cookies = list.map((c) => normalizeSetCookie(c, authCookieName, site.secure, site.host));
      return { cookies, setsAuth: cookies.some((c) => setCookieNameValue(c).name === authCookieName) };
    },
    loggedOutCookie(answer, request) {
      if (!ownsAuthCookie || !request.sentAuth || request.authJustSet) return undefined;
      if (!isLoggedOutAnswer(answer.status, answer.body)) return undefined;
      return clearAuthCookie(authCookieName, request.secure);
    },
  };
}
