import { describe, expect, it } from 'vitest';
import { acceptedLanguages, COUNTRY_LANGUAGES, dropdownLanguages, languageOffer, LOCALES, toLocale } from './locales';

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

describe('the browser languages (Accept-Language)', () => {
  it('When the header has q-values, then its tags come highest q first, equal ones in the order written', () => {
    expect(acceptedLanguages('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['de-DE', 'de', 'en-US', 'en']);
    expect(acceptedLanguages('en;q=0.5, fr, nl;q=0.9')).toEqual(['fr', 'nl', 'en']);
    expect(acceptedLanguages('da, sv')).toEqual(['da', 'sv']);
  });

  it('When a tag has q=0, is malformed or is the wildcard, then it is left out', () => {
    expect(acceptedLanguages('de;q=0, fr;q=0.000, nl')).toEqual(['nl']);
    expect(acceptedLanguages('de;q=2, fr;q=abc, it;q=0.5, *;q=0.9, es_ES, <script>, pl;q=1.0')).toEqual(['pl', 'it']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('the language offer', () => {
  it('When a German browser opens the English site, then German is offered', () => {
    expect(languageOffer({ accepted: ['de-DE', 'de'], current: 'en' })).toBe('de');
    expect(languageOffer({ accepted: ['de'], current: 'en' })).toBe('de');
  });

  it('When the browser prefers the page language, then nothing is offered, even a language it likes less', () => {
    expect(languageOffer({ accepted: ['nl-NL', 'nl', 'en'], current: 'nl' })).toBeNull();
    expect(languageOffer({ accepted: ['en-US', 'en', 'de'], current: 'en', visitorCountry: 'DE' })).toBeNull();
  });

  it('When the browser prefers a language we do not have, then the next one we have is offered if the dropdown offers it', () => {
    // Portuguese first: the dropdown offers only the languages of his country (and the browser's first, which we lack).
    expect(languageOffer({ accepted: ['pt-BR', 'pt', 'de'], current: 'en' })).toBeNull();
    expect(languageOffer({ accepted: ['pt-BR', 'pt', 'de'], current: 'en', visitorCountry: 'AT' })).toBe('de');
    expect(languageOffer({ accepted: ['pt-BR', 'fr'], current: 'nl', userCountry: 'CH' })).toBe('fr');
    expect(languageOffer({ accepted: ['ja', 'ko'], current: 'en', visitorCountry: 'JP' })).toBeNull();
  });

  it('When a language comes after another the dropdown does not offer, then it is still found in the browser order', () => {
    // A Swede in Finland: the dropdown offers fi and sv (Finland) and sv (browser); Swedish first.
    expect(languageOffer({ accepted: ['sv-FI', 'fi'], current: 'en', visitorCountry: 'FI' })).toBe('sv');
    // Italian is the browser's second choice and no language of his country: passed over for Spanish, his country's.
    expect(languageOffer({ accepted: ['ja', 'it', 'es'], current: 'en', visitorCountry: 'US' })).toBe('es');
  });

  it('When a three-letter language starts like one of ours, then it is not taken for it', () => {
    expect(languageOffer({ accepted: ['fil-PH', 'fi'], current: 'en', visitorCountry: 'FI' })).toBe('fi');
    expect(languageOffer({ accepted: ['fil-PH'], current: 'en', visitorCountry: 'FI' })).toBeNull();
  });
});
