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

/** One language range of Accept-Language: a tag (`de-CH`) or `*`, with optional subtags of 1–8 letters or digits. */
const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
/** A q-value (RFC 9110 §12.4.2): 0 to 1 with at most three decimals. */
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The browser's languages in its order of preference: the tags of an Accept-Language header sorted by q-value
 * (highest first, equal ones in the order written). A tag with q=0 ("not this one"), a malformed entry and the
 * wildcard `*` are left out; at most the first 20 entries are read.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  for (const [at, entry] of header.split(',').slice(0, 20).entries()) {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim());
    if (!LANGUAGE_RANGE.test(range) || range === '*') continue;
    let q = 1;
    let wellFormed = true;
    for (const param of params) {
      const [name = '', value = ''] = param.split('=').map((part) => part.trim());
      if (name.toLowerCase() !== 'q') continue;
      if (Q_VALUE.test(value)) q = Number(value);
      else wellFormed = false;
    }
    if (wellFormed && q > 0) ranges.push({ tag: range, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/**
 * The locale a language tag names by its primary subtag (`de-CH` → de), or null: a three-letter language (`fil`,
 * `nds`) is not the two-letter one it starts with.
 */
function localeOfTag(tag: string): Locale | null {
  const primary = tag.split('-')[0]?.toLowerCase();
  return isLocale(primary) ? primary : null;
}

/**
 * The language a page offers to switch to, or null: the first of the browser's languages (`accepted`, in its order of
 * preference) that is one of the languages the dropdown offers this visitor (dropdownLanguages: his country's, his
 * account's country's and the browser's most preferred), as long as the browser does not prefer the page's current
 * language to it. Languages we do not have are passed over.
 */
export function languageOffer(input: {
  accepted: readonly string[];
  current: Locale;
  visitorCountry?: string | null;
  userCountry?: string | null;
}): Locale | null {
  const offered = dropdownLanguages({
    visitorCountry: input.visitorCountry ?? null,
    userCountry: input.userCountry ?? null,
    browserLanguage: input.accepted[0] ?? null,
    current: input.current,
  });
  for (const tag of input.accepted) {
    const locale = localeOfTag(tag);
    if (!locale) continue;
    if (locale === input.current) return null;
    if (offered.includes(locale)) return locale;
  }
  return null;
}
