import { LOCALE_COOKIE } from '../shared/constants';
import { DEFAULT_LOCALE, isLocale, toLocale, type Locale } from '../shared/locales';
import { sameOriginPath } from '../shared/same-origin-path';
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
 * The page locale: `locale` cookie if valid → else the site's domain_language (first two letters) when
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

/**
 * A same-origin path for a redirect (`Location`), or '/': see `sameOriginPath` (decided by parsing, never by string
 * tests; backslashes and control characters refused).
 */
export function safeReturnPath(value: unknown): string {
  return (typeof value === 'string' && sameOriginPath(value)) || '/';
}
