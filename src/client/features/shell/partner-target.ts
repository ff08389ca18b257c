/**
 * Where the partner redirect screen may send a visitor: a path on this site, or an http(s) URL on the site's domain
 * or one of its sub-domains (the operator's partner sites). Anything else is refused, so the screen is no open
 * redirect. Returns the target, or null.
 */
export function partnerTarget(raw: string | null, siteDomain: string): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const domain = siteDomain.toLowerCase();
  return domain && (host === domain || host.endsWith(`.${domain}`)) ? url.toString() : null;
}

export const REDIRECT_SECONDS_DEFAULT = 5;

/** `?seconds=` between 0 and 30, else 5. */
export function redirectSeconds(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(n) && n >= 0 && n <= 30 ? n : REDIRECT_SECONDS_DEFAULT;
}
