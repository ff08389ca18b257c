import { sameOriginPath } from '../../../shared/same-origin-path';

/** An absolute URL, or null for a relative reference (or something that is no URL). */
function absoluteUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Where the partner redirect screen may send a visitor: a path on this site, or an http(s) URL on the site's domain
 * or one of its sub-domains (the operator's partner sites). Anything else is refused, so the screen is no open
 * redirect. Returns the target, or null: a path (starting with a single `/`) or an absolute URL, both as the URL
 * parser normalised them, so what is shown, linked and followed is what was checked.
 *
 * Decided by parsing, as a browser would: a path goes through `sameOriginPath` (so `/.//evil.example`, which
 * normalises to `//evil.example`, is refused); an absolute target must be http(s), without user name or password
 * (`https://evil.example@site`), on the site's domain. Backslashes and control characters (a tab or newline, which
 * the parser drops, so `/\t/evil.example` would become `//evil.example`) are refused outright.
 */
export function partnerTarget(raw: string | null, siteDomain: string): string | null {
  if (!raw) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(raw)) return null;
  const url = absoluteUrl(raw);
  // A path here (only path-absolute references: `notaurl` is no target), by the one same-origin rule.
  if (!url) return raw.startsWith('/') ? sameOriginPath(raw) : null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.toLowerCase();
  const domain = siteDomain.toLowerCase();
  return domain && (host === domain || host.endsWith(`.${domain}`)) ? url.href : null;
}

const REDIRECT_SECONDS_DEFAULT = 5;

/** `?seconds=` between 0 and 30, else 5. */
export function redirectSeconds(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(n) && n >= 0 && n <= 30 ? n : REDIRECT_SECONDS_DEFAULT;
}
