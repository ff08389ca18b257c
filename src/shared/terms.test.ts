import { describe, expect, it } from 'vitest';
import { termsVersionDate } from './terms';

describe('terms version date', () => {
  it('When the company was added after 2023-12-01 12:00 UTC, then its added date is the version date', () => {
    expect(termsVersionDate('2024-03-01T09:00:00Z').toISOString()).toBe('2024-03-01T09:00:00.000Z');
  });
  it('When the company was added earlier, is unknown or unreadable, then the version date is 2023-12-01 12:00 UTC', () => {
    for (const added of ['2020-01-01T00:00:00Z', null, 'not a date']) {
      expect(termsVersionDate(added).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    }
  });
});
