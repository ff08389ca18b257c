import { parseCookie, parseSetCookie, stringifyCookie, stringifySetCookie, type SetCookie } from 'cookie';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '../shared/constants';
import type { Locale } from '../shared/locales';

/**
 * Every cookie the BFF reads or writes goes through the `cookie` library: `Cookie` headers are parsed with
 * `parseCookie`, a backend's `Set-Cookie` with `parseSetCookie`, and every `Set-Cookie` the BFF sends is written by
 * `stringifySetCookie`. Values are kept as they came (no percent-decoding or -encoding): the BFF forwards a backend's
 * session id byte for byte.
 */
const AS_IS = { decode: (value: string) => value, encode: (value: string) => value };

const LOCALE_COOKIE_MAX_AGE_SECONDS = LOCALE_COOKIE_MAX_AGE_DAYS * 86_400;

/** The cookies of a raw `Cookie` header, name → value as sent (the first of a repeated name wins). */
export function readCookies(cookieHeader: string | undefined): Record<string, string | undefined> {
  return cookieHeader ? parseCookie(cookieHeader, AS_IS) : {};
}

/** One cookie of a raw `Cookie` header, as sent; undefined when absent. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  return readCookies(cookieHeader)[name];
}

/**
 * A `Cookie` header for a backend call, written by the library from name → value pairs (values as they came). A pair
 * the library refuses (a name or value outside RFC 6265's characters) is left out rather than sent malformed.
 */
export function writeCookieHeader(cookies: Iterable<[string, string]>): string {
  const writable: Record<string, string> = {};
  for (const [name, value] of cookies) {
    try {
      stringifyCookie({ [name]: value }, AS_IS);
      writable[name] = value;
    } catch {
      // Not a cookie the library can write: not forwarded.
    }
  }
  return stringifyCookie(writable, AS_IS);
}

/** A `Set-Cookie` value written by the library; values stay as given. */
function setCookie(cookie: SetCookie): string {
  return stringifySetCookie(cookie, AS_IS);
}

/** `Set-Cookie` that clears the auth cookie (Path=/, same attributes as when it was set). */
export function clearAuthCookie(name: string, secure: boolean, domain?: string): string {
  return setCookie({ name, value: '', path: '/', domain, maxAge: 0, expires: new Date(0), httpOnly: true, sameSite: 'lax', secure });
}

/** `Set-Cookie` for the locale cookie (365 days, Path=/, SameSite=Lax). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return setCookie({ name: LOCALE_COOKIE, value: locale, path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', secure });
}

/** The visitor's selected country (geoip_selected_country), kept as long as the locale. */
export const COUNTRY_COOKIE = 'country';
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export function countryCookie(country: string, secure: boolean): string {
  const value = country.toUpperCase();
  return setCookie({ name: COUNTRY_COOKIE, value, path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', secure });
}

/** A two-letter country code, upper case, or null. */
export function countryCode(value: string | null | undefined): string | null {
  return value && COUNTRY_CODE.test(value) ? value.toUpperCase() : null;
}

/** The name and value of a `Set-Cookie` header (its attributes ignored). */
export function setCookieNameValue(header: string): { name: string; value: string } {
  const { name, value } = parseSetCookie(header, AS_IS);
  return { name, value: value ?? '' };
}

/** True when a cookie `Domain` attribute covers `host` (RFC 6265 §5.1.3 domain-match; leading dot ignored). */
function domainCovers(domain: string, host: string): boolean {
  const d = domain.replace(/^\./, '').toLowerCase();
  const h = host.toLowerCase();
  return d !== '' && (h === d || h.endsWith(`.${d}`));
}

const validDate = (date: Date | undefined): date is Date => date !== undefined && !Number.isNaN(date.getTime());

/**
 * Normalises a backend `Set-Cookie` of the auth cookie: it always leaves as HttpOnly; SameSite=Lax; Path=/ (Secure on
 * HTTPS) — or as a clearing cookie when the backend deletes it. Its lifetime stays the backend's (`Max-Age`/`Expires`,
 * or none: a browser-session cookie such as PHP's session), and so does its `Domain` when it covers the site's `host`
 * (a PHP service's `Domain=.example.com` session shared by sub-domains keeps working; a domain the browser would
 * reject for this site is dropped). Every other cookie passes unchanged.
 */
export function normalizeSetCookie(header: string, authCookieName: string, secure: boolean, host?: string): string {
  const parsed = parseSetCookie(header, AS_IS);
  if (parsed.name !== authCookieName) return header;
  const value = parsed.value ?? '';
  const maxAge = parsed.maxAge !== undefined && Number.isInteger(parsed.maxAge) ? parsed.maxAge : undefined;
  const expires = maxAge === undefined && validDate(parsed.expires) ? parsed.expires : undefined;
  const domain = parsed.domain && host !== undefined && domainCovers(parsed.domain, host) ? parsed.domain.replace(/^\./, '') : undefined;
  const deleting =
    value === '' || value === 'deleted' || (maxAge !== undefined ? maxAge <= 0 : expires !== undefined && expires.getTime() <= Date.now());
  if (deleting) return clearAuthCookie(authCookieName, secure, domain);
  const cookie: SetCookie = { name: authCookieName, value, path: '/', domain, maxAge, expires, httpOnly: true, sameSite: 'lax', secure };
  try {
    return setCookie(cookie);
  } catch {
    // A value outside the cookie-octet set: sent percent-encoded (the library's default) rather than not at all.
    return stringifySetCookie(cookie);
  }
}
