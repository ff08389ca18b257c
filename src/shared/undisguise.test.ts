import { describe, expect, it } from 'vitest';
import { undisguise } from './undisguise';

describe('undisguise', () => {
  it('When letters are full-width, mathematical or circled, then they read as plain ones', () => {
    expect(undisguise('ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('example.com');
    expect(undisguise('𝐞𝐱𝐚𝐦𝐩𝐥𝐞')).toBe('example');
    expect(undisguise('①②③')).toBe('123');
  });

  it('When zero-width, format or combining characters are slipped in, then they are gone', () => {
    expect(undisguise('exa\u200Bmp\u200Cle\u200D.\u2060co\u00ADm\uFEFF')).toBe('example.com');
    expect(undisguise('w\u0336h\u0336a\u0301tsapp')).toBe('whatsapp');
    expect(undisguise('he\u3164llo')).toBe('hello');
  });

  it('When Cyrillic or Greek look-alikes stand for Latin letters, then they read as those letters, in lower case', () => {
    // е, х, р, с, о and а Cyrillic; Ο and Μ Greek.
    expect(undisguise('\u0435\u0445\u0430mp\u04cf\u0435.\u0441\u043em')).toBe('example.com');
    expect(undisguise('WHΑΤSΑΡΡ ΜΕ')).toBe('whatsapp me');
    expect(undisguise('Hello There')).toBe('hello there');
  });

  it('When "dot" is written out in any of the eleven languages, then it reads as a dot', () => {
    for (const word of ['dot', 'DOT', 'punt', 'punkt', 'punktum', 'point', 'punto', 'piste', 'kropka', 'prik', 'prikk', 'prick']) {
      expect(undisguise(`example ${word} com`)).toBe('example.com');
    }
    expect(undisguise('example(dot)com')).toBe('example.com');
    expect(undisguise('example [dot] com')).toBe('example.com');
    expect(undisguise('example[.]com')).toBe('example.com');
    expect(undisguise('example . com')).toBe('example.com');
    expect(undisguise('jan (at) example (dot) nl')).toBe('jan@example.nl');
    expect(undisguise('jan [klammeraffe] example punkt de')).toBe('jan@example.de');
  });

  it('When "dot" or "at" stand as words of a sentence, then they stay words', () => {
    expect(undisguise('a dot')).toBe('a dot');
    expect(undisguise('le point de vue')).toBe('le point de vue');
    expect(undisguise('a good point me thinks, a fair point in time')).toBe('a good point me thinks, a fair point in time');
    expect(undisguise('example dot co dot uk')).toBe('example.co.uk');
    expect(undisguise('meet me at the station. Come!')).toBe('meet me at the station. come!');
  });

  it('When the digits of a phone number stand apart, then they are joined; a few numbers of a sentence are not', () => {
    expect(undisguise('call 0 6 - 1 2 . 3 4 / 5 6 7 8')).toBe('call 0612345678');
    expect(undisguise('+ 31 6 12 34 56 78')).toBe('+31612345678');
    expect(undisguise('0⁶ 1² 3⁴ 5⁶ 7⁸')).toBe('0612345678');
    expect(undisguise("I'm 25, 1.80 tall")).toBe("i'm 25, 1.80 tall");
  });

  it('When a long text is made of spaces, brackets or spread digits, then it is read in linear time', () => {
    const started = performance.now();
    for (const text of [' '.repeat(100_000) + 'x', '( '.repeat(50_000), '1.'.repeat(50_000) + 'x', '@a dot '.repeat(20_000)])
      undisguise(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
