import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * A push subscription's endpoint is a URL the browser chose and this backend later POSTs to: without a check it
 * would be a way to make the backend call anything, also addresses on the operator's own network. Only https URLs
 * of the real push services are saved (the list below, extended by the operator with PUSH_ALLOWED_HOSTS), and when
 * sending, every address the name resolves to must be public (a DNS name can point inside) — the connection then goes
 * to the address that was checked.
 */

const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

let extraHosts: string[] = [];

/** The operator's additions (PUSH_ALLOWED_HOSTS: comma-separated names, `*.` for any subdomain); set at start. */
export function configurePushHosts(hosts: string[]): void {
  extraHosts = hosts.map((h) => h.trim().toLowerCase()).filter(Boolean);
}

export function parsePushHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses (IPv4-mapped too). */
function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true;
}

/** Why an endpoint is refused, or null when it may be saved. */
export function endpointProblem(endpoint: string): string | null {
  if (endpoint.length > 2048) return 'too_long';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_a_url';
  }
  if (url.protocol !== 'https:') return 'not_https';
  if (url.username || url.password) return 'credentials';
  if (url.port && url.port !== '443') return 'port';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'private_address' : 'not_a_push_service';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return 'private_address';
  const allowed = [...DEFAULT_PUSH_HOSTS, ...extraHosts];
  return allowed.some((p) => hostMatches(host, p)) ? null : 'not_a_push_service';
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The addresses of `host` when every one of them is public; throws when any is not (or none resolves). */
export async function resolvePublic(host: string, lookup: Lookup = systemLookup): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare);
  if (addresses.length === 0) throw new Error('push endpoint does not resolve');
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new PrivateAddressError();
  return addresses;
}

export class PrivateAddressError extends Error {
  constructor() {
    super('push endpoint resolves to a private address');
  }
}
