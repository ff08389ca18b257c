import type { Locale } from '../../../shared/locales';

const names: Partial<Record<Locale, string>> = {};

/** The language's own name, e.g. nl → "Nederlands", nb → "Norsk bokmål" (made once per language: every page shows some). */
export function languageName(code: Locale): string {
  return (names[code] ??= ownName(code));
}

function ownName(code: Locale): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/** The BFF route that switches the language and returns to the same page. */
export function localeSwitchHref(code: Locale, returnTo: string): string {
  return `/locale/${code}?return=${encodeURIComponent(returnTo)}`;
}
