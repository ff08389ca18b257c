import { describe, expect, it } from 'vitest';
import { COUNTRY_LANGUAGES, dropdownLanguages, LOCALES, toLocale } from './locales';

describe('locales', () => {
  it('When a tag names one of our locales, then its first two letters are the locale', () => {
    expect(toLocale('nl-BE')).toBe('nl');
    expect(toLocale('NB')).toBe('nb');
    expect(toLocale('pt-BR')).toBeNull();
    expect(toLocale('')).toBeNull();
    expect(toLocale(undefined)).toBeNull();
  });

  it('When the country table is read, then every language in it is one of the eleven locales', () => {
    for (const languages of Object.values(COUNTRY_LANGUAGES)) for (const l of languages) expect(LOCALES).toContain(l);
    expect(Object.keys(COUNTRY_LANGUAGES)).toHaveLength(19);
  });

  it('When a visitor from Belgium with a German browser reads English, then the dropdown offers en, nl, de and fr', () => {
    expect(dropdownLanguages({ visitorCountry: 'BE', browserLanguage: 'de-DE', current: 'en' })).toEqual(['en', 'nl', 'de', 'fr']);
  });

  it('When the user lives in Switzerland and browses from the US, then both countries add their languages', () => {
    expect(dropdownLanguages({ visitorCountry: 'us', userCountry: 'CH', browserLanguage: null, current: 'en' })).toEqual([
      'en',
      'de',
      'it',
      'fr',
      'es',
    ]);
  });

  it('When nothing is known, then only the current locale is offered', () => {
    expect(dropdownLanguages({ current: 'sv' })).toEqual(['sv']);
    expect(dropdownLanguages({ visitorCountry: 'JP', browserLanguage: 'ja', current: 'en' })).toEqual(['en']);
  });
});
