import { LOCALE_COOKIE } from '../shared/constants';
import { DEFAULT_LOCALE, isLocale, toLocale, type Locale } from '../shared/locales';
import { readCookie } from './cookies';

/** The `locale` cookie when it holds one of the 11 locales. */
export function localeFromCookie(cookieHeader: string | undefined): Locale | null {
  const value = readCookie(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

export interface Negotiated {
  locale: Locale;
  /** True when the BFF should set the locale cookie (it came from the site's domain_language). */
  setCookie: boolean;
}

/**
 * SPEC §7 / CONVENTIONS: `locale` cookie if valid → else the site's domain_language (first two letters) when
 * it is one of our locales, and then the cookie is set → else 'en'.
 * `domainLanguage` is null when settings came from defaults (backend down): nothing is remembered then.
 */
export function negotiateLocale(cookieHeader: string | undefined, domainLanguage: string | null): Negotiated {
  const fromCookie = localeFromCookie(cookieHeader);
  if (fromCookie) return { locale: fromCookie, setCookie: false };
  const fromDomain = toLocale(domainLanguage);
  if (fromDomain) return { locale: fromDomain, setCookie: true };
  return { locale: DEFAULT_LOCALE, setCookie: false };
}

/**
 * Locale for `/api` calls from the browser (no settings are loaded there): the cookie, else 'en' — the same
 * answer the page negotiation gives once it has set (or chosen not to set) the cookie.
 */
export function apiLocale(cookieHeader: string | undefined): Locale {
  return localeFromCookie(cookieHeader) ?? DEFAULT_LOCALE;
}

/** First tag of an Accept-Language header (`de-CH,de;q=0.9` → `de-CH`), or null. */
export function browserLanguage(acceptLanguage: string | undefined): string | null {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(first) ? first : null;
}

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';

/** Resolves `value` against a placeholder origin; null unless it stays on that origin. */
function sameOriginUrl(value: string): URL | null {
  try {
    const parsed = new URL(value, PLACEHOLDER_ORIGIN);
    return parsed.origin === PLACEHOLDER_ORIGIN ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A same-origin path for a redirect (`Location`), or '/'. Decided by parsing, as a browser would: the value is
 * resolved against a placeholder origin and must stay on it; only its pathname, search and hash are kept; and that
 * result is parsed again, so a path that a browser would read as another host (`/.//evil.example` normalises to
 * `//evil.example`) is refused too. Backslashes and control characters (tab, newline — which parsers silently drop
 * or turn into slashes) are refused outright.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return '/';
  const parsed = sameOriginUrl(value);
  if (!parsed) return '/';
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return sameOriginUrl(path) ? path : '/';
}
