import { describe, expect, it } from 'vitest';
import { compareIn, regionName } from './region-names';

describe('region names', () => {
  it('names a country in the interface language, whatever the case of the code', () => {
    expect(regionName('nl', 'DE')).toBe('Duitsland');
    expect(regionName('nl', 'de')).toBe('Duitsland');
    expect(regionName('de', 'NL')).toBe('Niederlande');
    expect(regionName('en', 'NL')).toBe('Netherlands');
  });

  it('gives back what is not a two-letter code instead of throwing', () => {
    expect(regionName('nl', 'Atlantis')).toBe('Atlantis');
    expect(regionName('nl', '')).toBe('');
    expect(regionName('nl', '1A')).toBe('1A');
  });

  it('sorts by the rules of the locale', () => {
    const names = ['Zweden', 'Österreich', 'Oostenrijk', 'Ålborg'];
    expect([...names].sort(compareIn('de'))).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(['Ö', 'Z'].sort(compareIn('sv'))).toEqual(['Z', 'Ö']);
  });
});
