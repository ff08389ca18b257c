import { useIntl } from 'react-intl';

/**
 * Country names in the interface language (Intl.DisplayNames), remembered per locale and code. A page names the same
 * few dozen countries again and again (country picker sorted by name, search and profile selects, member cards), and
 * react-intl's formatDisplayName serialises its arguments and looks up a formatter on every call — on the server that
 * was ~0.7 ms of every page. Only well-formed codes are remembered, so the memory stays bounded (locales × 26²).
 */
const displayNames = new Map<string, Intl.DisplayNames | null>();
const names = new Map<string, string>();
const collators = new Map<string, Intl.Collator>();

function displayNamesOf(locale: string): Intl.DisplayNames | null {
  let dn = displayNames.get(locale);
  if (dn === undefined) {
    try {
      dn = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      dn = null;
    }
    displayNames.set(locale, dn);
  }
  return dn;
}

/** The name of an ISO 3166-1 alpha-2 code in `locale`; the code itself when it has none or is not a code. */
export function regionName(locale: string, code: string): string {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  const key = `${locale}|${upper}`;
  let name = names.get(key);
  if (name === undefined) {
    try {
      name = displayNamesOf(locale)?.of(upper) ?? code;
    } catch {
      name = code;
    }
    names.set(key, name);
  }
  return name;
}

/** A comparison by the rules of `locale` (one Intl.Collator per locale, not one per comparison as localeCompare). */
export function compareIn(locale: string): (a: string, b: string) => number {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator.compare;
}

/** `(code) => name` for the current interface language. */
export function useRegionName(): (code: string) => string {
  const { locale } = useIntl();
  return (code: string) => regionName(locale, code);
}
