import type { IntlShape } from 'react-intl';

/** The calendar day of a moment in the member's time zone, as a key ("2026-11-23"). */
function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Whole calendar days from `then` to `now` (0 today, 1 yesterday), in the member's time zone. */
function daysAgo(then: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((start(now) - start(then)) / 86_400_000);
}

/** Whether two messages were written on different calendar days (a day separator goes between them). */
export function isNewDay(previous: string | undefined, current: string): boolean {
  return previous === undefined || dayKey(new Date(previous)) !== dayKey(new Date(current));
}

/**
 * The day separator's label in the member's language: "Today" and "Yesterday" (Intl's relative day names, with a
 * capital as a heading has one), otherwise the date, with the year only when it is not this year's.
 */
export function dayLabel(intl: IntlShape, iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = daysAgo(date, now);
  if (ago === 0 || ago === 1) {
    const name = intl.formatRelativeTime(-ago, 'day', { numeric: 'auto' });
    return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
  }
  return intl.formatDate(date, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** The first message of the other member after the member's read marker as the conversation opened, if any. */
export function firstUnreadId(messages: readonly { id: number; seq: number; mine: boolean }[], readSeq: number | null): number | null {
  if (readSeq === null) return null;
  return messages.find((m) => !m.mine && m.seq > readSeq)?.id ?? null;
}

/** The share of the length limit from which the character counter shows (the last fifth). */
const COUNTER_FROM = 0.8;

/** Whether the character counter shows: near the limit (its last fifth) or past it. */
export function counterShown(count: number, max: number): boolean {
  return count >= Math.ceil(max * COUNTER_FROM);
}
