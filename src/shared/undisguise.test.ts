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

  it('When dots of other scripts stand between the words of a domain, then they read as dots', () => {
    expect(undisguise('example。com')).toBe('example.com');
    expect(undisguise('example｡com')).toBe('example.com');
    expect(undisguise('example۔com')).toBe('example.com');
    expect(undisguise('example·com')).toBe('example.com');
    expect(undisguise('example • com')).toBe('example.com');
  });

  it('When "dot" is spelt with digits or letter by letter, then it reads as a dot', () => {
    for (const text of [
      'example d0t com',
      'example d 0 t com',
      'example d.o.t com',
      'example (d0t) com',
      'example [d o t] com',
      'example p0int com',
    ])
      expect(undisguise(text), text).toBe('example.com');
    expect(undisguise('jan (at) example (pun7) nl')).toBe('jan@example.nl');
  });

  it('When the digits are of another script, then they read as 0–9 and join like any digits', () => {
    expect(undisguise('०६ १२३४५६७८')).toBe('0612345678');
    expect(undisguise('٠٦١٢٣٤٥٦٧٨')).toBe('0612345678');
    expect(undisguise('০৬ ১২ ৩৪ ৫৬ ৭৮')).toBe('0612345678');
    expect(undisguise('๐๖๑๒๓๔๕๖๗๘')).toBe('0612345678');
  });

  it('When letters stand for digits beside digits, then they read as those digits; words keep their letters', () => {
    expect(undisguise('O6 l2345678')).toBe('0612345678');
    expect(undisguise('o6-l2-34-56-78')).toBe('0612345678');
    expect(undisguise('O 6 l 2 3 4 5 6 7 8')).toBe('0612345678');
    expect(undisguise('hello lol, 5 o 6 times')).toBe('hello lol, 5 0 6 times');
    expect(undisguise('the 1980s and the 90s')).toBe('the 1980s and the 90s');
  });

  it('When a phone number is written in words in any of the eleven languages, then it reads as its digits', () => {
    const spelt = [
      'zero six one two three four five six seven eight',
      'nul zes een twee drie vier vijf zes zeven acht',
      'null sechs eins zwei drei vier fünf sechs sieben acht',
      'zero sei uno due tre quattro cinque sei sette otto',
      'zéro six un deux trois quatre cinq six sept huit',
      'cero seis uno dos tres cuatro cinco seis siete ocho',
      'zero sześć jeden dwa trzy cztery pięć sześć siedem osiem',
      'nul seks en to tre fire fem seks syv otte',
      'nolla kuusi yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan',
      'null seks en to tre fire fem seks sju åtte',
      'noll sex ett två tre fyra fem sex sju åtta',
      'ZERO-SIX-ONE-TWO-THREE-FOUR-FIVE-SIX-SEVEN-EIGHT',
      '06 one two 34 five six seven eight',
    ];
    for (const text of spelt) expect(undisguise(text), text).toBe('0612345678');
  });

  it('When number words, dates, times and a profile’s figures stand in a sentence, then they stay as written', () => {
    for (const text of [
      'i have one or two dogs',
      'en to tre',
      'sex sex sex',
      "i'm 1.85 m and 32",
      'see you on 28.11.2026',
      'born 12/03/1990',
      'on 2026-11-28 at 18:30',
      'between 18.30-20.00',
      'from 9.30 to 17.30',
      'i lived there 2015-2019',
      '32/185/80',
      '185/80/32',
      'from 1.11.2026 - 3.11.2026',
      'ik kan om 10.30, 14.00 of 18.00',
      'free at 10:30, 14:00 or 18:00',
      'in 2015, 2017 and 2019',
      'season 2015/2016',
    ])
      expect(undisguise(text), text).toBe(text);
  });

  it('When a long text is made of spaces, brackets, spread digits or number words, then it is read in linear time', () => {
    const started = performance.now();
    for (const text of [
      ' '.repeat(100_000) + 'x',
      '( '.repeat(50_000),
      '1.'.repeat(50_000) + 'x',
      '@a dot '.repeat(20_000),
      'one '.repeat(25_000) + 'x',
      'o '.repeat(50_000) + 'x',
      'd o '.repeat(25_000),
      'ooooo'.repeat(20_000),
    ])
      undisguise(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
