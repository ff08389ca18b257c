import { AUTH_COOKIE_MAX_AGE_DAYS, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '../shared/constants';
import type { Locale } from '../shared/locales';

const DAY_SECONDS = 86_400;
export const AUTH_COOKIE_MAX_AGE_SECONDS = AUTH_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;
export const LOCALE_COOKIE_MAX_AGE_SECONDS = LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;

/** `Set-Cookie` that clears the auth cookie (Path=/, same attributes as when it was set). */
export function clearAuthCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` for the locale cookie (365 days, Path=/, SameSite=Lax). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The visitor's selected country (SPEC §3 geoip_selected_country), kept as long as the locale. */
export const COUNTRY_COOKIE = 'country';
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export function countryCookie(country: string, secure: boolean): string {
  return `${COUNTRY_COOKIE}=${country.toUpperCase()}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A two-letter country code, upper case, or null. */
export function countryCode(value: string | null | undefined): string | null {
  return value && COUNTRY_CODE.test(value) ? value.toUpperCase() : null;
}

function cookieName(setCookie: string): string {
  const eq = setCookie.indexOf('=');
  return (eq < 0 ? '' : setCookie.slice(0, eq)).trim();
}

/**
 * Normalises a backend `Set-Cookie`: the auth cookie always leaves as HttpOnly; SameSite=Lax; Path=/;
 * Max-Age 30 days (Secure on HTTPS) — or as a clearing cookie when the backend deletes it. Every other
 * cookie (e.g. an operator's PHPSESSID) passes unchanged.
 */
export function normalizeSetCookie(setCookie: string, authCookieName: string, secure: boolean): string {
  if (cookieName(setCookie) !== authCookieName) return setCookie;
  const [pair = '', ...attributes] = setCookie.split(';');
  const value = pair.slice(pair.indexOf('=') + 1).trim();
  const deleting =
    value === '' ||
    value === 'deleted' ||
    attributes.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
  if (deleting) return clearAuthCookie(authCookieName, secure);
  return `${authCookieName}=${value}; Path=/; Max-Age=${AUTH_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Reads one cookie from a raw `Cookie` header (no decoding: values are forwarded as they came). */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
