import type { Locale } from '../../../shared/locales';

/** Each language's name, made once: every page's language menu names the current language and each it offers. */
const names = new Map<Locale, string>();

/** The language's own name, e.g. nl → "Nederlands", nb → "Norsk bokmål". */
export function languageName(code: Locale): string {
  let known = names.get(code);
  if (known === undefined) names.set(code, (known = ownName(code)));
  return known;
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
