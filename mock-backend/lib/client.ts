import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Who is on the other end of a request: the visitor's address (per-IP rate limits, the login throttle, GeoIP) and
 * the country an edge proxy determined.
 *
 * Behind the BFF (or any proxy) the socket address is the proxy's, so the BFF names the visitor in `x-client-ip`
 * (and `x-client-country` when the operator trusts a proxy in front of it). Those headers are believed only on a
 * request that carries the secret shared with the BFF in `x-backend-secret`; without it — a visitor talking to the
 * backend directly, or no secret configured — the socket address counts and the headers are ignored. X-Forwarded-For
 * is never read here.
 */
export interface Client {
  ip: string;
  /** ISO 3166-1 alpha-2 from a trusted edge, or null. */
  country: string | null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the presented secret with the configured one. */
function secretMatches(presented: string | undefined, expected: Buffer | null): boolean {
  if (!expected || presented === undefined) return false;
  return timingSafeEqual(digest(presented), expected);
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; anything that is not an address → null. */
function normaliseIp(value: string | undefined): string | null {
  const ip = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return ip && isIP(ip) !== 0 ? ip : null;
}

export function clientMiddleware(secret: string | undefined): RequestHandler {
  const expected = secret ? digest(secret) : null;
  return (req, res, next) => {
    const trusted = secretMatches(req.get('x-backend-secret'), expected);
    const socketIp = normaliseIp(req.socket.remoteAddress) ?? 'unknown';
    const country = trusted ? req.get('x-client-country')?.trim().toUpperCase() : undefined;
    const client: Client = {
      ip: (trusted ? normaliseIp(req.get('x-client-ip')) : null) ?? socketIp,
      country: country && /^[A-Z]{2}$/.test(country) ? country : null,
    };
    (res.locals as { client?: Client }).client = client;
    next();
  };
}

export function getClient(res: Response): Client {
  const client = (res.locals as { client?: Client }).client;
  if (!client) throw new Error('client middleware did not run');
  return client;
}

/** The prefix length of the network an address belongs to: a household's or a small office's line, a VPN's range. */
const IPV4_NETWORK_BITS = 24;
const IPV6_NETWORK_BITS = 56;

/**
 * The network of an address, `203.0.113.0/24` or `2001:db8:0:ff00::/56` (RIPE's usual assignment to a home line): accounts
 * made from one network are linked when reports are weighed (components/safety). Null for anything that is no address.
 */
export function networkOf(ip: string): string | null {
  const address = normaliseIp(ip);
  if (!address) return null;
  if (isIP(address) === 4) {
    const parts = address.split('.').map(Number);
    const keep = IPV4_NETWORK_BITS / 8;
    return `${parts.map((p, i) => (i < keep ? p : 0)).join('.')}/${IPV4_NETWORK_BITS}`;
  }
  const groups = expandIpv6(address);
  const whole = Math.floor(IPV6_NETWORK_BITS / 16);
  const rest = IPV6_NETWORK_BITS % 16;
  const kept = groups.slice(0, whole);
  if (rest > 0) kept.push((groups[whole] ?? 0) & (0xffff << (16 - rest)) & 0xffff);
  return `${kept.map((g) => g.toString(16)).join(':')}::/${IPV6_NETWORK_BITS}`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded; an embedded IPv4 tail read as two groups). */
function expandIpv6(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The request's client address (for code that has only the request, such as a limiter's key). */
export const clientIp = (_req: Request, res: Response): string => getClient(res).ip;
