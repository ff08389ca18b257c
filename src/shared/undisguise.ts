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
 * 5. Digits of every script (any Unicode decimal digit: Devanagari `०६`, Arabic-Indic `٠٦`, Bengali, Thai…) read as
 *    0–9, and the other scripts' full stops and dots (the ideographic `。`, Arabic `۔`, Armenian, Ethiopic; middle
 *    dots and bullets) as `.`.
 * 6. The word for "dot" in the site's eleven languages — `dot`, `punt`, `punkt`, `punktum`, `point`, `punto`,
 *    `piste`, `kropka`, `prik`, `prikk`, `prick` — also spelt with digits for letters or letter by letter (`d0t`,
 *    `d o t`, `d.0.t`), read as `.` in brackets anywhere (`(dot)`, `[punkt]`, `(d0t)` and `[.]`), bare between a word
 *    and a top-level domain of SPOKEN_TLDS (`example dot com`), or anywhere after an `@`; a dot with spaces before it
 *    as a dot (`example . com`); a bracketed "at" (`(at)`, `[@]`, `(klammeraffe)`…) as `@`.
 * 7. Digits written as words in the eleven languages (`zero six one two`, `nul zes een twee`, `null sechs eins zwei`,
 *    `zéro six`, `cero seis`, `sei otto`, `nolla kuusi`, `sześć`…) read as digits where they stand in a row of
 *    numbers long enough to be a phone number (PHONE_DIGITS); alone they stay words (`one or two`, `sex`, `en`).
 * 8. Letters that stand for digits beside digits (`O6 l2345678`, `0 6 l 2 …`: o for 0, l and i for 1, z for 2, s for
 *    5, b and g for 6, t for 7, q for 9) read as those digits; a word without a digit keeps its letters, and a plural's
 *    s stays (`1990s`).
 * 9. Digits that stand apart by spaces or separators (`0 6 - 1 2 . 3 4`) are joined when there are enough of them to
 *    be a phone number (PHONE_DIGITS); a leading `+` stays. A group that is a date (`28.11.2026`, `2026-11-28`,
 *    `12/03/1990`), a span of years or times (`2015-2019`, `18.30-20.00`) or a profile's age, height and weight
 *    (`32/185/80`) is what it looks like and stays apart.
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
const DOT_WORDS = ['dot', 'punt', 'punkt', 'punktum', 'point', 'punto', 'piste', 'kropka', 'prik', 'prikk', 'prick'] as const;
/** The digits and signs that stand for a letter of those words (`d0t`, `p0int`, `pun7`, `pi5te`). */
const LETTER_AS_DIGIT: Readonly<Record<string, string>> = { o: '0', i: '1l|!', e: '3', t: '7+', s: '5$', a: '4' };
/**
 * A word as it may be spelt to slip past a machine: each letter also as its digit (LETTER_AS_DIGIT), and one space or
 * separator allowed between the letters (`d o t`, `d.o.t`, `d-0-t`).
 */
function spelt(word: string): string {
  return [...word].map((letter) => `[${letter}${LETTER_AS_DIGIT[letter] ?? ''}]`).join('[\\s._*-]?');
}
const DOT_WORD = `(?:${[...DOT_WORDS]
  .sort((a, b) => b.length - a.length)
  .map(spelt)
  .join('|')})`;
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
export const PHONE_DIGITS = 7;

/**
 * The value of a decimal digit of any script (Unicode Nd): Unicode keeps each script's 0–9 together and in order, and
 * rows of them side by side (the mathematical digits) start at a 0 too, so a digit's value is its distance from the
 * start of its row, modulo 10.
 */
const digitValues = new Map<string, string>();
const IS_DIGIT = /^\p{Nd}$/u;
function digitValue(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    const code = digit.codePointAt(0) ?? 0;
    let start = code;
    while (start > 0 && IS_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((code - start) % 10);
    digitValues.set(digit, value);
  }
  return value;
}
const OTHER_DIGIT = /[^\P{Nd}0-9]/gu;

/**
 * Full stops and dots of other scripts and typography that a reader takes for a dot between two words: the full stops
 * of Unicode (ideographic `。`, Arabic `۔`, Armenian `։`, Ethiopic `።`, Syriac, Mongolian, Vai, Lisu, Bamum, Coptic…),
 * the middle dots (`·`, `・`, `⸱`), bullets and the dot operators.
 */
const OTHER_DOT =
  /[\u00B7\u0589\u06D4\u0701\u0702\u1362\u166E\u1803\u1809\u2022\u2027\u2219\u22C5\u2CF9\u2CFE\u2E31\u2E33\u2E3C\u3002\u30FB\uA4FF\uA60E\uA6F3\u{16AF5}\u{16E98}\u{1BC9F}\u{1DA88}]/gu;

/**
 * The digits 0–9 as words in the eleven languages (accents already removed by step 2: `één` is `een`, `fünf` `funf`,
 * `pięć` `piec`, `två` `tva`, `neljä` `nelja`). Several are ordinary words too (`en`, `to`, `sex`, `fire`, `sei`), so a
 * word is read as a digit only inside a row of numbers that makes a phone number (WORD_ROW).
 */
const DIGIT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      // English
      ['zero oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
      // Dutch
      ['nul', 'een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen'],
      // German
      ['null', 'eins ein', 'zwei zwo', 'drei', 'vier', 'funf fuenf', 'sechs', 'sieben', 'acht', 'neun'],
      // Italian
      ['zero', 'uno una un', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove'],
      // French
      ['zero', 'un une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'],
      // Spanish
      ['cero', 'uno una un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'],
      // Polish
      ['zero', 'jeden jedna jedno', 'dwa dwie', 'trzy', 'cztery', 'piec', 'szesc', 'siedem', 'osiem', 'dziewiec'],
      // Danish
      ['nul', 'en et', 'to', 'tre', 'fire', 'fem', 'seks', 'syv', 'otte', 'ni'],
      // Finnish
      ['nolla', 'yksi', 'kaksi', 'kolme', 'nelja', 'viisi', 'kuusi', 'seitseman', 'kahdeksan', 'yhdeksan'],
      // Norwegian
      ['null', 'en ett', 'to', 'tre', 'fire', 'fem', 'seks', 'sju syv', 'atte', 'ni'],
      // Swedish
      ['noll', 'en ett', 'tva', 'tre', 'fyra', 'fem', 'sex', 'sju', 'atta', 'nio'],
    ] as const
  ).flatMap((words) => words.flatMap((spelling, digit) => spelling.split(' ').map((word) => [word, String(digit)]))),
);
/**
 * What stands between the numbers of a row: spaces and separators, up to five of them. Not a colon: times (`20:00`)
 * stay apart, whatever their number.
 */
const SEPARATOR = '[\\s\\p{Pd}\\p{Ps}\\p{Pe}\\p{Pc}.,;/\\\\|*·•\'"#~=+]';
const DIGIT_WORD = `(?:${Object.keys(DIGIT_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const NUMBER = `(?:\\d+|${DIGIT_WORD})`;
/** A row of numbers (digits or digit words) apart by separators, standing alone (not the end of a longer word). */
const WORD_ROW = new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER}(?:${SEPARATOR}{1,5}${NUMBER})+(?![\\p{L}\\p{N}])`, 'gu');

const DIGIT_WORD_ALONE = new RegExp(`(?<![\\p{L}])${DIGIT_WORD}(?![\\p{L}])`, 'gu');
/** Two times with a word between (`18.30 to 20.00`: "to" is two in Danish and Norwegian). */
const TIME_SPAN_WORDS = /^(?:[01]?\d|2[0-4])[.:h][0-5]\d\s+\p{L}+\s+(?:[01]?\d|2[0-4])[.:h][0-5]\d$/u;

/** A row holding digit words reads as digits when it makes a phone number's digits; else it stays as written. */
function wordsToDigits(row: string): string {
  if (TIME_SPAN_WORDS.test(row)) return row;
  const read = row.replace(DIGIT_WORD_ALONE, (word) => DIGIT_WORDS[word] ?? word);
  return read === row || read.replace(/\D/g, '').length < PHONE_DIGITS ? row : read;
}

/** Letters that stand for a digit beside digits: o for 0, l and i for 1, z for 2, s for 5, b and g for 6, t for 7, q for 9. */
const DIGIT_LOOK_ALIKES: Readonly<Record<string, string>> = { o: '0', l: '1', i: '1', z: '2', s: '5', b: '6', g: '6', t: '7', q: '9' };
/** A word of digits and such letters with at least one digit (`o6`, `l2345678`, `0l2`). */
const LETTERED_NUMBER = /(?<![\p{L}\p{N}])[olizsbgtq]*\d[\dolizsbgtq]*(?![\p{L}\p{N}])/gu;
/** Digits with a plural's s (`1990s`, `30s`): a decade or an age, not a 5. */
const PLURAL_NUMBER = /^\d+s$/;
function letteredToDigits(word: string): string {
  return PLURAL_NUMBER.test(word) ? word : word.replace(/[a-z]/g, (letter) => DIGIT_LOOK_ALIKES[letter] ?? letter);
}
/**
 * An o or an l on its own beside a number (`o 6 l 2 3`); not an i, which is a word ("and" in Polish, "in" in the
 * Scandinavian languages).
 */
const LONE_LETTER = new RegExp(`(?<![\\p{L}\\p{N}])[ol](?=${SEPARATOR}{1,5}\\d)|(?<=\\d${SEPARATOR}{1,5})[ol](?![\\p{L}\\p{N}])`, 'gu');

/** Digits apart by up to five spaces or separators each, optionally after a `+`. */
const SPREAD_DIGITS = new RegExp(`(?:\\+\\s*)?\\d+(?:${SEPARATOR}{1,5}\\d+)+`, 'gu');

const inRange = (value: string, low: number, high: number) => Number(value) >= low && Number(value) <= high;
const isYear = (value: string) => (value.length === 4 && inRange(value, 1900, 2099)) || value.length === 2;
const isDayMonth = (a: string, b: string) => (inRange(a, 1, 31) && inRange(b, 1, 12)) || (inRange(a, 1, 12) && inRange(b, 1, 31));
/** Day, month and year in either order of day and month (`28.11.2026`, `11/28/26`), or the year first (`2026-11-28`). */
function isDate(part: string): boolean {
  const m = /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})$/.exec(part);
  if (!m) return false;
  const [, a = '', , b = '', c = ''] = m;
  if (a.length === 4) return isYear(a) && inRange(b, 1, 12) && inRange(c, 1, 31) && c.length <= 2;
  return a.length <= 2 && isDayMonth(a, b) && isYear(c);
}
/** An hour and its minutes (`18.30`, `9:00`, `18h30`). */
const isTime = (part: string) => /^([01]?\d|2[0-4])[.:h][0-5]\d$/.test(part);
/**
 * A profile's age, height in centimetres and weight in kilograms, as members write them, in any order (`32/185/80`,
 * `185/80/32`): three numbers of 18 to 220, one of them a height of 140 to 220.
 */
function isBody(run: string): boolean {
  const m = /^(\d{2,3})\s*([/|,-])\s*(\d{2,3})\s*\2\s*(\d{2,3})$/.exec(run);
  if (!m) return false;
  const figures = [m[1], m[3], m[4]].map(Number);
  return figures.every((n) => n >= 18 && n <= 220) && figures.some((n) => n >= 140);
}
/** What parts a list or span of dates, times and years (`1.11.2026 - 3.11.2026`, `10.30, 14.00`, `2015-2019`). */
const PART_SEPARATOR = /\s*[\p{Pd},;&]\s*|\s+/u;
/** A year of the last or this century, written whole. */
const isFullYear = (part: string) => /^(?:19|20)\d\d$/.test(part);
/**
 * Whether a run of digits is a date, a list or span of dates, times and years (`1.11.2026 - 3.11.2026`, `10.30, 14.00`,
 * `18.30-20.00`, `2015-2019`, `2015/16`) or a profile's age, height and weight: numbers a reader takes for what they
 * look like, not a phone number.
 */
function isCalendarOrBody(run: string): boolean {
  const trimmed = run.trim();
  if (isDate(trimmed) || isBody(trimmed)) return true;
  const parts = trimmed.split(PART_SEPARATOR).filter((part) => part !== '');
  if (parts.length > 1 && parts.every((part) => isDate(part) || isTime(part) || isFullYear(part))) return true;
  return /^(?:19|20)\d\d\s*[/\p{Pd}]\s*(?:(?:19|20)\d\d|\d\d)$/u.test(trimmed);
}

function joinDigits(run: string): string {
  const digits = run.replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS || isCalendarOrBody(run)) return run;
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
    .replace(OTHER_DIGIT, digitValue)
    .replace(OTHER_DOT, '.')
    .replace(BRACKETED_DOT, '.')
    .replace(BRACKETED_AT, '@')
    .replace(ADDRESS, (address) => address.replace(BARE_DOT, '.'))
    .replace(SPOKEN_DOT, '.')
    .replace(SPACED_DOT, '.')
    .replace(WORD_ROW, wordsToDigits)
    .replace(LETTERED_NUMBER, letteredToDigits)
    .replace(LONE_LETTER, (letter) => DIGIT_LOOK_ALIKES[letter] ?? letter)
    .replace(SPREAD_DIGITS, joinDigits);
}

/**
 * An undisguised text as the phone rule reads it: the dates, spans and profile figures (isCalendarOrBody) left out, so
 * neither a run of digits nor a phone-number parser takes them for a number (`20.11.1985` is a valid Danish number
 * too).
 */
export function phoneReading(read: string): string {
  return read.replace(SPREAD_DIGITS, (run) => (isCalendarOrBody(run) ? ' ' : run));
}

const PHONE_RUN = new RegExp(`\\d{${PHONE_DIGITS}}`, 'u');

/** Whether a text read by phoneReading holds a run of at least PHONE_DIGITS digits: a phone number in any country. */
export function holdsPhoneDigits(reading: string): boolean {
  return PHONE_RUN.test(reading);
}
