import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ForwardContext } from './backend-headers';
import { requestIdOf } from './logging';

/** `::ffff:1.2.3.4` → `1.2.3.4`; any other address unchanged. */
export function stripIpv4Mapped(address: string): string {
  return /^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(address) ? address.slice('::ffff:'.length) : address;
}

/**
 * The visitor's address as Express determines it with the app's `trust proxy` setting (`TRUST_PROXY`): false =
 * the socket address; a hop count or an address list = the first untrusted entry of X-Forwarded-For from the right.
 */
export function clientIpOf(req: Request): string {
  return stripIpv4Mapped(req.ip ?? req.socket.remoteAddress ?? '');
}

const COUNTRY = /^[A-Za-z]{2}$/;

/**
 * The visitor's country as the proxy in front says it (`CF-IPCountry`, else `X-Country`), uppercased — only when
 * that proxy is trusted (`TRUST_PROXY` set) and the value is a two-letter code; otherwise undefined. A visitor
 * talking to the BFF directly could write these headers himself.
 */
export function clientCountryOf(req: Request, trustProxy: boolean): string | undefined {
  if (!trustProxy) return undefined;
  const value = (req.get('cf-ipcountry') ?? req.get('x-country'))?.trim();
  return value !== undefined && COUNTRY.test(value) ? value.toUpperCase() : undefined;
}

/** Client address and country, X-Forwarded-Host/-Proto and request id for a backend call made on behalf of `req`. */
export function forwardContext(req: Request, locale: string, trustProxy: boolean): ForwardContext {
  return {
    requestId: requestIdOf(req),
    locale,
    clientIp: clientIpOf(req),
    clientCountry: clientCountryOf(req, trustProxy),
    forwardedHost: req.host ?? '',
    forwardedProto: req.protocol,
  };
}

/** True when the visitor reached us over HTTPS (directly, or via a trusted proxy's X-Forwarded-Proto). */
export function isHttps(req: Request): boolean {
  return req.secure;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Fetch Metadata values of a request started by a page of another site (another sub-domain is another site too). */
const OTHER_SITE = new Set(['cross-site', 'same-site']);

/**
 * Was this request started by another site's page? True when `Sec-Fetch-Site` is `cross-site` or `same-site`, or when
 * its `Origin` (or, if absent, `Referer`) is present and names another host than the request's. Host comparison (not
 * scheme) keeps TLS-terminating proxies without TRUST_PROXY working. A request with none of these (an old browser, a
 * typed address, `Sec-Fetch-Site: none`) is not from another site.
 */
export function isCrossSiteRequest(req: Request): boolean {
  if (OTHER_SITE.has(req.get('sec-fetch-site')?.toLowerCase() ?? '')) return true;
  const source = req.get('origin') ?? req.get('referer');
  if (source === undefined) return false;
  try {
    return new URL(source).host.toLowerCase() !== (req.host ?? '').toLowerCase();
  } catch {
    return true; // `Origin: null` or garbage: not provably same-origin
  }
}

/** CSRF check for `/api` (SameSite=Lax cookies are the first line): an unsafe method started by another site. */
export function isCrossSiteWrite(req: Request): boolean {
  return UNSAFE_METHODS.has(req.method) && isCrossSiteRequest(req);
}

/** The nonce of this response's inline scripts (React's streaming runtime), fresh for every response. */
export function cspNonceOf(res: Response): string {
  const locals = res.locals as { cspNonce?: string };
  locals.cspNonce ??= randomBytes(18).toString('base64');
  return locals.cspNonce;
}
