import type { IncomingHttpHeaders } from 'node:http';
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

/** One backend answer's headers as they leave the BFF, and whether its cookies set the auth cookie. */
export interface AnswerHeaders {
  headers: [string, string | string[]][];
  setsAuth: boolean;
}

/**
 * The BFF's one response policy for a backend answer's headers, on every path that reaches a backend (the `/api` proxy,
 * a page's calls, the event stream, `/media`): the headers of RESPONSE_HEADERS_DROPPED stay behind, `Set-Cookie` leaves
 * as the session policy writes it (session-policy.ts), everything else passes unchanged. What a logged-out answer
 * does to the auth cookie is `SessionPolicy.loggedOutCookie`, asked once the body is read.
 */
export function answerHeaders(headers: IncomingHttpHeaders, session: SessionPolicy, site: Site): AnswerHeaders {
  const out: [string, string | string[]][] = [];
  let setsAuth = false;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || RESPONSE_HEADERS_DROPPED.has(name)) continue;
    if (name === 'set-cookie') {
      const answer = session.backendCookies(value, site);
      setsAuth = answer.setsAuth;
      out.push([name, answer.cookies]);
    } else {
      out.push([name, value]);
    }
  }
  return { headers: out, setsAuth };
}
