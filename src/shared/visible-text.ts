/**
 * Characters that show nothing: separators (Unicode Z*: spaces, line and paragraph separators), format characters
 * (Cf: zero-width space and joiners, word joiner, bidi marks, soft hyphen, BOM), controls (Cc), and the blank letters
 * and symbols used as invisible text (Hangul fillers, Braille blank).
 */
const INVISIBLE = /[\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/**
 * Whether a text has at least one visible character. A message, a caption or a name made only of invisible characters
 * is refused (by the backend, and by the browser's forms before they send it).
 */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}
