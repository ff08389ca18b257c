import { describe, expect, it } from 'vitest';
import { errorMessage, hasAllLocales, localeFromAcceptLanguage } from './i18n';

describe('i18n of error messages', () => {
  it('When any code is looked up, then all 11 locales have a text', () => {
    expect(hasAllLocales()).toBe(true);
  });

  it('When Accept-Language is Dutch or unknown, then nl or en is picked and parameters are filled in', () => {
    expect(localeFromAcceptLanguage('nl-BE,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(localeFromAcceptLanguage('pt-BR')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(errorMessage('error', 'nl')).toBe('Er is een fout opgetreden.');
    expect(errorMessage('login_blocked', 'nl', { minutes: 15 })).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
  });
});
