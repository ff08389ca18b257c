import { AUTH_COOKIE_MAX_AGE_DAYS, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '../shared/constants';
import type { Locale } from '../shared/locales';

const DAY_SECONDS = 86_400;
export const AUTH_COOKIE_MAX_AGE_SECONDS = AUTH_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;
export const LOCALE_COOKIE_MAX_AGE_SECONDS = LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;

/** `Set-Cookie` that clears the auth cookie (Path=/, same attributes as when it was set). */
export function clearAuthCookie(name: string, secure: boolean, domain?: string): string {
  return `${name}=; Path=/${domain ? `; Domain=${domain}` : ''}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` for the locale cookie (365 days, Path=/, SameSite=Lax). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The visitor's selected country (geoip_selected_country), kept as long as the locale. */
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

/** True when a cookie `Domain` attribute covers `host` (RFC 6265 §5.1.3 domain-match; leading dot ignored). */
export function domainCovers(domain: string, host: string): boolean {
  const d = domain.replace(/^\./, '').toLowerCase();
  const h = host.toLowerCase();
  return d !== '' && (h === d || h.endsWith(`.${d}`));
}

/**
 * Normalises a backend `Set-Cookie` of the auth cookie: it always leaves as HttpOnly; SameSite=Lax; Path=/ (Secure on
 * HTTPS) — or as a clearing cookie when the backend deletes it. Its lifetime stays the backend's (`Max-Age`/`Expires`,
 * or none: a browser-session cookie such as PHP's session), and so does its `Domain` when it covers the site's `host`
 * (a PHP service's `Domain=.example.com` session shared by sub-domains keeps working; a domain the browser would
 * reject for this site is dropped). Every other cookie passes unchanged.
 */
export function normalizeSetCookie(setCookie: string, authCookieName: string, secure: boolean, host?: string): string {
  if (cookieName(setCookie) !== authCookieName) return setCookie;
  const [pair = '', ...attributes] = setCookie.split(';');
  const value = pair.slice(pair.indexOf('=') + 1).trim();
  let maxAge: string | undefined;
  let expires: string | undefined;
  let domain: string | undefined;
  for (const attribute of attributes) {
    const eq = attribute.indexOf('=');
    const key = (eq < 0 ? attribute : attribute.slice(0, eq)).trim().toLowerCase();
    const v = eq < 0 ? '' : attribute.slice(eq + 1).trim();
    if (key === 'max-age' && /^-?\d+$/.test(v)) maxAge = v;
    else if (key === 'expires' && !Number.isNaN(Date.parse(v))) expires = v;
    else if (key === 'domain' && v !== '' && host !== undefined && domainCovers(v, host)) domain = v.replace(/^\./, '');
  }
  const deleting =
    value === '' || value === 'deleted' || (maxAge !== undefined ? Number(maxAge) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now());
  if (deleting) return clearAuthCookie(authCookieName, secure, domain);
  const lifetime = maxAge !== undefined ? `; Max-Age=${maxAge}` : expires !== undefined ? `; Expires=${expires}` : '';
  return `${authCookieName}=${value}; Path=/${domain ? `; Domain=${domain}` : ''}${lifetime}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
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
