import { LOCALE_COOKIE } from '../shared/constants';
import { acceptedLanguages, DEFAULT_LOCALE, isLocale, toLocale, type Locale } from '../shared/locales';
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

/**
 * The browser's most preferred language: the tag of Accept-Language with the highest q-value (`de-CH,de;q=0.9` →
 * `de-CH`), or null.
 */
export function browserLanguage(acceptLanguage: string | undefined): string | null {
  return acceptedLanguages(acceptLanguage)[0] ?? null;
}

/**
 * The browser's languages (Accept-Language, in its order of preference) from which a page may offer one to switch to:
 * only while the visitor has not chosen a language (no `locale` cookie; the first page of a visit, or every page where
 * the site's own language is none of ours), and never to a bot. Empty: nothing is offered.
 */
export function languagesToOffer(cookieHeader: string | undefined, acceptLanguage: string | undefined, isBot: boolean): string[] {
  if (isBot || localeFromCookie(cookieHeader)) return [];
  return acceptedLanguages(acceptLanguage);
}

/**
 * A same-origin path for a redirect (`Location`), or '/': see `sameOriginPath` (decided by parsing, never by string
 * tests; backslashes and control characters refused).
 */
export function safeReturnPath(value: unknown): string {
  return (typeof value === 'string' && sameOriginPath(value)) || '/';
}
