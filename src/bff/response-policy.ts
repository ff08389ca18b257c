import type { IncomingHttpHeaders } from 'node:http';
import { contractLoginOperations, contractResponseHeaders, operationKey, operationNameOf } from './idempotent-operations';
import type { SessionPolicy, Site } from './session-policy';

/**
 * Never copied from a backend answer to the browser: hop-by-hop headers, and HSTS — whether browsers must use HTTPS
 * is the BFF's to say (helmet, from PUBLIC_URL), not a backend's, which would otherwise reach browsers over plain HTTP.
 */
const RESPONSE_HEADERS_DROPPED: ReadonlySet<string> = new Set([
  'strict-transport-security',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The backend headers a browser gets besides the ones the contract's responses declare (contractResponseHeaders):
 * what describes the body and its caching, what tells a client to wait or go elsewhere, the rate limits, and what the
 * photos of `/media` and the event stream need. Anything else a backend adds (X-Powered-By, Server, its own
 * debugging or security headers — the BFF sets its own) stays behind.
 */
const RESPONSE_HEADERS_PASSED: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'age',
  'retry-after',
  'location',
  'allow',
  'ratelimit',
  'ratelimit-policy',
  'set-cookie',
  // A photo: its type is not sniffed, and another site of ours may embed it.
  'x-content-type-options',
  'cross-origin-resource-policy',
  // The event stream: no proxy in front of the BFF may buffer it.
  'x-accel-buffering',
]);

/**
 * What leaves as the Cache-Control of a member's answer — to a call of the contract that needs or uses the session, or
 * an answer that sets the login cookie — when the backend's own would let anyone but his browser keep it, or says
 * nothing (a PHP service as it is): his answers are never kept by a shared cache, nor written to his disk.
 */
const MEMBER_CACHE_CONTROL = 'private, no-store';

/**
 * Whether a backend's Cache-Control keeps a member's answer his own: `no-store` (nothing keeps it), or `private` with
 * `no-cache` (only his browser keeps it, and asks again every time: the revalidation `GET user.php` uses, whose 304
 * spares the body).
 */
function keepsItHis(cacheControl: string | string[] | undefined): boolean {
  const directives = new Set(
    String(cacheControl ?? '')
      .toLowerCase()
      .split(',')
      .map((directive) => directive.trim()),
  );
  return directives.has('no-store') || (directives.has('private') && directives.has('no-cache'));
}

/** Whether the call is one of the contract's that needs or uses the session (a HEAD asks its GET). */
function isMemberCall(call: { method: string; path: string }): boolean {
  const method = call.method.toUpperCase() === 'HEAD' ? 'GET' : call.method;
  return contractLoginOperations().has(operationKey(method, call.path));
}

/** Whether a backend header may reach the browser: allow-listed, or declared by a response of the contract. */
function passes(name: string): boolean {
  return RESPONSE_HEADERS_PASSED.has(name) || contractResponseHeaders().has(name);
}

/** One backend answer's headers as they leave the BFF, and whether its cookies set the auth cookie. */
export interface AnswerHeaders {
  headers: [string, string | string[]][];
  setsAuth: boolean;
}

/**
 * The BFF's one response policy for a backend answer's headers, on every path that reaches a backend (the `/api` proxy,
 * a page's calls, the event stream, `/media`): only the headers the BFF knows pass (RESPONSE_HEADERS_PASSED and those
 * the contract's responses declare), `Set-Cookie` leaves as the session policy writes it (session-policy.ts). A call
 * outside the contract (`call` names it: an operator's own PHP call the site links to) is the backend's business: its
 * headers pass, but for those of RESPONSE_HEADERS_DROPPED, which never do. A member's answer (a call of the contract
 * that needs or uses the session, or one that sets the login cookie) leaves with MEMBER_CACHE_CONTROL unless the
 * backend's own already keeps it his (keepsItHis). What a logged-out answer does to the auth cookie is
 * `SessionPolicy.loggedOutCookie`, asked once the body is read.
 */
export function answerHeaders(
  headers: IncomingHttpHeaders,
  session: SessionPolicy,
  site: Site,
  call?: { method: string; path: string },
): AnswerHeaders {
  const outsideContract = call !== undefined && operationNameOf(call.method, call.path) === 'undocumented';
  const out: [string, string | string[]][] = [];
  let setsAuth = false;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || RESPONSE_HEADERS_DROPPED.has(name)) continue;
    if (!outsideContract && !passes(name)) continue;
    if (name === 'set-cookie') {
      const answer = session.backendCookies(value, site);
      setsAuth = answer.setsAuth;
      out.push([name, answer.cookies]);
    } else {
      out.push([name, value]);
    }
  }
  if ((setsAuth || (call !== undefined && !outsideContract && isMemberCall(call))) && !keepsItHis(headers['cache-control'])) {
    const at = out.findIndex(([name]) => name === 'cache-control');
    if (at >= 0) out.splice(at, 1);
    out.push(['cache-control', MEMBER_CACHE_CONTROL]);
  }
  return { headers: out, setsAuth };
}
