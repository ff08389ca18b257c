/**
 * The one reading of a text that the rules about links, phone numbers and repeated texts look at: what a person sees,
 * without the disguises that keep a machine from seeing the same. It is never shown or stored; the member's text is
 * kept as he wrote it.
 *
 * In order:
 * 1. Unicode NFKC: full-width, circled, mathematical and other compatibility forms become their plain letters and
 *    digits (`ｅｘａｍｐｌｅ`, `𝐞𝐱𝐚𝐦𝐩𝐥𝐞`, `①`).
 * 2. Characters that show nothing are removed: format characters (zero-width space and joiners, word joiner, bidi
 *    marks, soft hyphen, BOM), the blank letters used as invisible text (Hangul fillers, Braille blank), and combining
 *    marks (stacked accents hide nothing from a reader but split a word for a machine).
 * 3. Letters of Cyrillic, Greek and Armenian that look like Latin ones become those (`ехаmрlе` with Cyrillic е, х, р
 *    reads `example`). A compact table of the look-alikes of the basic Latin letters, rather than Unicode's full
 *    confusable skeleton, which also folds Latin into Latin (`rn` → `m`, `0` → `O`) and would garble the digits the
 *    phone rule reads.
 * 4. Case folded (lower case).
 * 5. The word for "dot" in the site's eleven languages — `dot`, `punt`, `punkt`, `punktum`, `point`, `punto`,
 *    `piste`, `kropka`, `prik`, `prikk`, `prick` — read as `.` in brackets anywhere (`(dot)`, `[punkt]`, and `[.]`),
 *    bare between a word and a top-level domain of SPOKEN_TLDS (`example dot com`), or anywhere after an `@`; a dot
 *    with spaces before it as a dot (`example . com`); a bracketed "at" (`(at)`, `[@]`, `(klammeraffe)`…) as `@`.
 * 6. Digits that stand apart by spaces or separators (`0 6 - 1 2 . 3 4`) are joined when there are enough of them to
 *    be a phone number (PHONE_DIGITS); a leading `+` stays.
 */

/** Format characters, the blank letters used as invisible text, and combining marks. */
const HIDDEN = /[\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Non-Latin letters that look like a basic Latin letter, and that letter (lower case). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  А: 'a',
  в: 'b',
  В: 'b',
  с: 'c',
  С: 'c',
  ԁ: 'd',
  е: 'e',
  Е: 'e',
  ё: 'e',
  Ё: 'e',
  һ: 'h',
  Һ: 'h',
  Н: 'h',
  і: 'i',
  І: 'i',
  ї: 'i',
  Ї: 'i',
  ј: 'j',
  Ј: 'j',
  к: 'k',
  К: 'k',
  ӏ: 'l',
  Ӏ: 'l',
  М: 'm',
  о: 'o',
  О: 'o',
  р: 'p',
  Р: 'p',
  ԛ: 'q',
  Ԛ: 'q',
  ѕ: 's',
  Ѕ: 's',
  Т: 't',
  у: 'y',
  У: 'y',
  ү: 'y',
  Ү: 'y',
  ԝ: 'w',
  Ԝ: 'w',
  х: 'x',
  Х: 'x',
  // Greek
  α: 'a',
  Α: 'a',
  Β: 'b',
  ϲ: 'c',
  Ϲ: 'c',
  ε: 'e',
  Ε: 'e',
  Η: 'h',
  ι: 'i',
  Ι: 'i',
  ϳ: 'j',
  κ: 'k',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  ο: 'o',
  Ο: 'o',
  ρ: 'p',
  Ρ: 'p',
  τ: 't',
  Τ: 't',
  υ: 'u',
  ν: 'v',
  χ: 'x',
  Χ: 'x',
  γ: 'y',
  Υ: 'y',
  Ζ: 'z',
  // Armenian
  հ: 'h',
  ո: 'n',
  օ: 'o',
  Օ: 'o',
  ս: 'u',
  ց: 'g',
  // Latin letters that only lack a dot or a hook
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** "Dot" in English, Dutch, German, Danish and Norwegian, French, Spanish and Italian, Finnish, Polish, Swedish. */
const DOT_WORD = '(?:dot|punt|punkt|punktum|point|punto|piste|kropka|prik|prikk|prick)';
/** "At" (the sign) in the same languages, only ever read inside brackets: bare, most of them are ordinary words. */
const AT_WORD = '(?:at|@|apenstaartje|klammeraffe|snabel-?a|arobase|arroba|chiocciola|malpa|małpa|miukumauku)';
const OPEN = '[([{<]';
const CLOSE = '[)\\]}>]';
// A run of spaces is matched only from its start (`(?<!\s)`), so a text of many spaces costs linear time.
const BRACKETED_DOT = new RegExp(`(?<!\\s)\\s*${OPEN}\\s*(?:${DOT_WORD}|\\.)\\s*${CLOSE}\\s*`, 'gu');
const BRACKETED_AT = new RegExp(`(?<!\\s)\\s*${OPEN}\\s*${AT_WORD}\\s*${CLOSE}\\s*`, 'gu');
/**
 * The top-level domains a bare spoken dot is read before: the generic ones and the country codes of the sites'
 * countries, but none that is a common word in the eleven languages (`de`, `es`, `it`, `no`, `be`, `at`, `me`, `in`,
 * `to`, `nu`…): "le point de vue", "punto es", "good point me" stay sentences. In brackets any domain counts.
 */
const SPOKEN_TLDS = '(?:com|net|org|info|biz|io|co|xyz|online|site|ru|eu|uk|nl|dk|se|fi|fr|pl|ch)';
const SPOKEN_DOT = new RegExp(`(?<=[\\p{L}\\p{N}])\\s+${DOT_WORD}\\s+(?=${SPOKEN_TLDS}\\b)`, 'gu');
/** After an `@` the words are a domain: any spoken dot there is one (`jan (at) example punkt de`). */
const ADDRESS = new RegExp(`@[\\p{L}\\p{N}-]+(?:\\s+${DOT_WORD}\\s+[\\p{L}\\p{N}-]+)+`, 'gu');
const BARE_DOT = new RegExp(`\\s+${DOT_WORD}\\s+`, 'gu');
const SPACED_DOT = /(?<=[\p{L}\p{N}])\s+\.\s*(?=[\p{L}\p{N}])/gu;

/** Fewer digits than this are an age, a height or a time, not a phone number: they are left apart. */
const PHONE_DIGITS = 7;
/** Digits apart by up to three spaces or separators each, optionally after a `+`. */
const SPREAD_DIGITS = /(?:\+\s*)?\d+(?:[\s.\-_/\\|*·•,()]{1,3}\d+)+/gu;

function joinDigits(run: string): string {
  const digits = run.replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS) return run;
  return `${run.startsWith('+') ? '+' : ''}${digits}`;
}

/** The text as the link, phone and repeated-text rules read it (see above). */
export function undisguise(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(HIDDEN, '')
    .normalize('NFC')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
    .toLowerCase()
    .replace(BRACKETED_DOT, '.')
    .replace(BRACKETED_AT, '@')
    .replace(ADDRESS, (address) => address.replace(BARE_DOT, '.'))
    .replace(SPOKEN_DOT, '.')
    .replace(SPACED_DOT, '.')
    .replace(SPREAD_DIGITS, joinDigits);
}
