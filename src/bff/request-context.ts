import type { Request } from 'express';
import type { ForwardContext } from './backend';
import { requestIdOf } from './logging';

/** X-Forwarded-* and request id for a backend call made on behalf of `req`. */
export function forwardContext(req: Request, locale: string, trustProxy: boolean): ForwardContext {
  const client = req.socket.remoteAddress ?? '';
  const prior = trustProxy ? req.get('x-forwarded-for') : undefined;
  return {
    requestId: requestIdOf(req),
    locale,
    forwardedFor: prior ? `${prior}, ${client}` : client,
    forwardedHost: req.host ?? '',
    forwardedProto: req.protocol,
  };
}

/** True when the visitor reached us over HTTPS (directly, or via a trusted proxy's X-Forwarded-Proto). */
export function isHttps(req: Request): boolean {
  return req.secure;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF check for `/api` (SameSite=Lax cookies are the first line): an unsafe method is rejected when
 * `Sec-Fetch-Site: cross-site`, or when its `Origin` (or, if absent, `Referer`) is present and names another
 * host than the request's. Host comparison (not scheme) keeps TLS-terminating proxies without TRUST_PROXY working.
 */
export function isCrossSiteWrite(req: Request): boolean {
  if (!UNSAFE_METHODS.has(req.method)) return false;
  if (req.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const source = req.get('origin') ?? req.get('referer');
  if (source === undefined) return false;
  try {
    return new URL(source).host.toLowerCase() !== (req.host ?? '').toLowerCase();
  } catch {
    return true; // `Origin: null` or garbage: not provably same-origin
  }
}
