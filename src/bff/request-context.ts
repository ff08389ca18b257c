import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ForwardContext } from './backend-headers';

/** What the BFF keeps of one request for every part that handles it: the logger its lines go to. */
interface RequestScope {
  logger: Logger;
  /** The request's own logger, made on its first line: every line carries the request id (`reqId`). */
  log?: Logger;
}

const SCOPES = new WeakMap<IncomingMessage, RequestScope>();

/**
 * Opens each request's context with the logger the BFF's parts share; the app's first middleware after the probes'
 * measurement, so that every route and the error handler find it. The id is the one the access log gives the request
 * (`x-request-id` when sane, else a fresh UUID: logging.ts).
 */
export function openRequestContext(logger: Logger): RequestHandler {
  return (req, _res, next) => {
    SCOPES.set(req, { logger });
    next();
  };
}

/** The request's id, as the access log assigned it (`''` before the access log has run, e.g. for a probe). */
export function requestIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : String(req.id ?? '');
}

/**
 * The logger for a line about this request: its every line carries the request's id (`reqId`), so no caller passes
 * it. Only for requests the app handles (it opened their context).
 */
export function requestLog(req: IncomingMessage): Logger {
  const scope = SCOPES.get(req);
  if (!scope) throw new Error('the request context was not opened (openRequestContext runs before every route)');
  scope.log ??= scope.logger.child({ reqId: requestIdOf(req) });
  return scope.log;
}

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
