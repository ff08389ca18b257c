import { describe, expect, it } from 'vitest';
import { badgeText, NICHE_SLUG_PREFIX } from './constants';

describe('badgeText', () => {
  it('When the count is zero or less, then no badge text is shown', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
  });
  it('When the count is at most 99, then the number is shown', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });
  it('When the count is above 99, then 99+ is shown', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('niche slug prefixes', () => {
  it('When the niche is 1 to 7, then the prefix is none, she, bdsm, bbw, gilf, milf or gay', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => NICHE_SLUG_PREFIX[n])).toEqual(['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay']);
  });
});
