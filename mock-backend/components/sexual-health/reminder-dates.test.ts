import { describe, expect, it } from 'vitest';
import { addMonths, firstReminder } from './service';

/** When a test reminder falls due: the calendar arithmetic, without a database. */
describe('the test reminder’s dates', () => {
  const now = new Date('2026-06-15T08:00:00.000Z');

  it('When months are added to the 31st, then a shorter month ends on its last day (a leap February too)', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2027-11-30T10:00:00.000Z'), 3).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T10:00:00.000Z'), 12).toISOString()).toBe('2027-03-15T10:00:00.000Z');
  });

  it('When the reminder is off, then none; with a recent test, one interval after it; with none, one interval from now', () => {
    expect(firstReminder('off', '2026-06-01', now)).toBeNull();
    expect(firstReminder('3_months', '2026-06-01', now)?.toISOString()).toBe('2026-09-01T10:00:00.000Z');
    expect(firstReminder('6_months', null, now)?.toISOString()).toBe('2026-12-15T08:00:00.000Z');
  });

  it('When the last test is long past, then the first reminder is a day ahead, never at once', () => {
    expect(firstReminder('3_months', '2025-01-01', now)?.toISOString()).toBe('2026-06-16T08:00:00.000Z');
  });
});
