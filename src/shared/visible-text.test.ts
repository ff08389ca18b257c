import { describe, expect, it } from 'vitest';
import { hasVisibleText } from './visible-text';

describe('hasVisibleText', () => {
  it('When a text has only separators, format or control characters, then it has nothing visible', () => {
    for (const text of [
      '',
      ' ',
      '\u00a0\u3000',
      '\u200b\u200c\u200d\u2060\ufeff',
      '\u200e\u200f\u202e',
      '\u00ad',
      '\t\n\r\u0007',
      '\u2028\u2029',
      '\u3164\u115f',
      '\u2800',
    ]) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('When a text has a letter, digit, emoji or punctuation among invisible characters, then it is visible', () => {
    for (const text of ['a', '\u200bHi\u200b', '7', '🙂', '👨\u200d👩', '.', 'é', 'مرحبا']) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
    }
  });
});
