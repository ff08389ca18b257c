import type { IntlShape } from 'react-intl';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now" in the member's language (Intl.RelativeTimeFormat through react-intl). */
export function relativeTime(intl: IntlShape, iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return intl.formatRelativeTime(Math.trunc(seconds / size), unit, { numeric: 'auto' });
  }
  return intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
}
