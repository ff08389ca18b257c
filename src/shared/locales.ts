/** Interface locales. `en` is the default, `nl` the fallback for a missing message. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nl';
/** The locale dates and times are written in when the interface language has no date locale of its own. */
export const DEFAULT_DATE_LOCALE: Locale = 'nl';

/**
 * The locale dates are formatted in: the interface language when the runtime's Intl has date data for it, else
 * DEFAULT_DATE_LOCALE. All eleven have it in Node and current browsers; a runtime built with reduced ICU data
 * (small-icu, older WebViews) gets Dutch dates instead of falling back to English.
 */
export function dateLocaleFor(
  locale: Locale,
  supported: (tags: string[]) => readonly string[] = (tags) => Intl.DateTimeFormat.supportedLocalesOf(tags),
): Locale {
  return supported([locale]).length > 0 ? locale : DEFAULT_DATE_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** First two letters of a language tag when they name one of our locales, e.g. 'nl-BE' → 'nl'. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const two = tag.trim().slice(0, 2).toLowerCase();
  return isLocale(two) ? two : null;
}

/** Country → languages shown in the language dropdown. */
export const COUNTRY_LANGUAGES: Readonly<Record<string, readonly Locale[]>> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

/**
 * Languages offered in the dropdown: those tied to the visitor's country, the user's country and the
 * browser language, in locale order; the current locale is always included so the member can see it.
 */
export function dropdownLanguages(input: {
  visitorCountry?: string | null;
  userCountry?: string | null;
  browserLanguage?: string | null;
  current: Locale;
}): Locale[] {
  const wanted = new Set<Locale>([input.current]);
  for (const country of [input.visitorCountry, input.userCountry]) {
    for (const l of COUNTRY_LANGUAGES[(country ?? '').toUpperCase()] ?? []) wanted.add(l);
  }
  const browser = toLocale(input.browserLanguage);
  if (browser) wanted.add(browser);
  return LOCALES.filter((l) => wanted.has(l));
}
