import { useIntl, type IntlShape } from 'react-intl';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now" in the member's language (Intl.RelativeTimeFormat through react-intl). */
function relativeTime(intl: IntlShape, iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return intl.formatRelativeTime(Math.trunc(seconds / size), unit, { numeric: 'auto' });
  }
  return intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
}

/**
 * A moment as "5 minutes ago" counted from `now` (the page's first render, so the server's HTML and the hydration
 * agree but for the clock, which React is told to accept), with the date and time in full as its title.
 */
export function RelativeTime({ at, now }: { at: string; now: number }) {
  const intl = useIntl();
  return (
    <time dateTime={at} title={intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })} suppressHydrationWarning>
      {relativeTime(intl, at, now)}
    </time>
  );
}
