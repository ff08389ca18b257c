import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

type Catalogue = Record<string, string>;

/** An argument of a message and how it is used: `name` (plain), `name:plural`, `name:date`, `<tag>`… */
function argumentsOf(elements: MessageFormatElement[], into: Set<string>, plurals: { name: string; options: string[] }[]): void {
  for (const el of elements) {
    if (el.type === TYPE.argument) into.add(el.value);
    if (el.type === TYPE.number) into.add(`${el.value}:number`);
    if (el.type === TYPE.date) into.add(`${el.value}:date`);
    if (el.type === TYPE.time) into.add(`${el.value}:time`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : 'select'}`);
      if (el.type === TYPE.plural) plurals.push({ name: el.value, options: Object.keys(el.options) });
      for (const option of Object.values(el.options)) argumentsOf(option.value, into, plurals);
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into, plurals);
    }
  }
}

const integerCategories = new Map<string, Set<string>>();

/** The plural categories a whole count can take in the locale (CLDR, from Intl): what a translator must write. */
function categoriesOfCounts(locale: string): Set<string> {
  let found = integerCategories.get(locale);
  if (!found) {
    const rules = new Intl.PluralRules(locale);
    found = new Set<string>();
    for (let n = 0; n <= 10_000; n++) found.add(rules.select(n));
    integerCategories.set(locale, found);
  }
  return found;
}

/** Every plural category of the language (CLDR), fractions and large numbers included. */
const languageCategories = (locale: string): Set<string> => new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);

interface Parsed {
  names: Set<string>;
  plurals: { name: string; options: string[] }[];
}

function parsed(message: string, where: string, problems: string[], ignoreTag: boolean): Parsed | null {
  const names = new Set<string>();
  const plurals: Parsed['plurals'] = [];
  try {
    argumentsOf(parse(message, { ignoreTag }), names, plurals);
    return { names, plurals };
  } catch (error) {
    problems.push(`${where}: not valid ICU (${(error as Error).message})`);
    return null;
  }
}

const sorted = (set: Set<string>) => [...set].sort().join(', ');

/**
 * The problems of a set of catalogues against the reference one (English): a key missing or unknown, a message that
 * does not parse as ICU, other arguments than in English (or, with `sameStructure`, another use of them: plain, plural,
 * select, date, number),
 * a plural without a category a whole count takes in that language (Polish: one, few, many) or with one the language
 * does not have, and a text equal to the English one unless its key is allowed to be.
 */
export function checkCatalogues(opts: {
  /** How the problems name the catalogues, e.g. `locales` or `mock-backend/locales`. */
  label: string;
  reference: Catalogue;
  catalogues: Record<string, Catalogue | undefined>;
  allowIdentical?: ReadonlySet<string>;
  /** Backend messages have no rich-text tags: `<` is text. */
  ignoreTag?: boolean;
  /**
   * Every language uses each argument as English does (a count is a plural everywhere). Without it only the names
   * must match: a translation may write a count as `Label: {count}` instead of a plural.
   */
  sameStructure?: boolean;
}): string[] {
  const problems: string[] = [];
  const ignoreTag = opts.ignoreTag ?? false;
  const reference = new Map<string, Parsed | null>();
  for (const [id, english] of Object.entries(opts.reference))
    reference.set(id, parsed(english, `${opts.label} en:${id}`, problems, ignoreTag));
  for (const [locale, catalogue] of Object.entries(opts.catalogues)) {
    if (!catalogue) {
      problems.push(`${opts.label}/${locale}.json is missing`);
      continue;
    }
    const counts = categoriesOfCounts(locale);
    for (const [id, english] of Object.entries(opts.reference)) {
      const text = catalogue[id];
      if (text === undefined) {
        problems.push(`${opts.label} ${locale}: missing "${id}"`);
        continue;
      }
      if (text === english && !opts.allowIdentical?.has(id))
        problems.push(`${opts.label} ${locale}: "${id}" is the English text ("${english}")`);
      const want = reference.get(id);
      const got = parsed(text, `${opts.label} ${locale}:${id}`, problems, ignoreTag);
      if (!want || !got) continue;
      const names = (p: Parsed) =>
        opts.sameStructure ? sorted(p.names) : sorted(new Set([...p.names].map((n) => n.replace(/:\w+$/, ''))));
      if (names(want) !== names(got)) {
        problems.push(`${opts.label} ${locale}: "${id}" uses {${names(got)}} but English uses {${names(want)}}`);
      }
      for (const plural of got.plurals) {
        const options = new Set(plural.options.filter((o) => !o.startsWith('=')));
        const missing = [...new Set([...counts, 'other'])].filter((c) => !options.has(c)).sort();
        const foreign = [...options].filter((c) => c !== 'other' && !languageCategories(locale).has(c));
        if (missing.length > 0) problems.push(`${opts.label} ${locale}: "${id}" plural {${plural.name}} lacks ${missing.join(', ')}`);
        if (foreign.length > 0)
          problems.push(`${opts.label} ${locale}: "${id}" plural {${plural.name}} has ${foreign.join(', ')}, which ${locale} does not use`);
      }
    }
    for (const id of Object.keys(catalogue)) if (!(id in opts.reference)) problems.push(`${opts.label} ${locale}: unknown key "${id}"`);
  }
  return problems;
}
