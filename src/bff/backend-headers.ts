import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { MEMBER_ASSERTION_HEADER } from '../shared/member-assertion';
import { BACKEND_SECRET_HEADER } from './backend';

/**
 * The request side of the BFF's header policy, the same on every path to a backend (the `/api` proxy, a page's calls,
 * the event stream, `/media`): which of the visitor's headers pass, and which the BFF sets itself. The answer's side is
 * response-policy.ts's; the transport (retries, deadlines, the secret on every attempt) is backend.ts's.
 */

/**
 * Who the visitor is and where he is, as the BFF determined it: a visitor (or an untrusted proxy) must never
 * choose these, so his own values are always dropped and the BFF's are set instead (or none).
 */
export const CLIENT_IDENTITY_HEADERS: readonly string[] = [
  'x-forwarded-for',
  'x-client-ip',
  'x-client-country',
  BACKEND_SECRET_HEADER,
  // The identity bridge's assertion of who is asking (identity-bridge.ts): only the BFF makes one.
  MEMBER_ASSERTION_HEADER,
  'cf-ipcountry',
  'x-country',
  'x-real-ip',
  'forwarded',
];

/** W3C Trace Context and Baggage: the BFF's to set on a backend call, never passed on from a visitor. */
export const TRACE_CONTEXT_HEADERS: readonly string[] = ['traceparent', 'tracestate', 'baggage'];

/** The header that marks user.php calls as the site's own client; only the BFF sets it. */
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
  // Trace context (W3C): the BFF starts each trace itself, and a backend call carries the BFF's own `traceparent`
  // (backend.ts, when tracing is on) — never one a visitor wrote; nor his baggage, which a backend might log or forward.
  ...TRACE_CONTEXT_HEADERS,
  // `request-type: client` is the BFF's to set (on user.php only, below); a browser's own value never passes.
  REQUEST_TYPE_HEADER,
  ...CLIENT_IDENTITY_HEADERS,
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

/** `request-type: client` on every user.php call. */
function isUserPhp(path: string): boolean {
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
