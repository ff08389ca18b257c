import { describe, expect, it } from 'vitest';
import { errorMessage } from './i18n';
import { message, messageRenderer } from './messages';

describe('the backend message catalogues', () => {
  it('When a Polish count is 1, 2, 5 or 22, then each takes its own plural form', () => {
    const photos = (limit: number) => message('pl', 'error.photo_limit_reached', { limit });
    expect(photos(1)).toBe('Możesz mieć najwyżej 1 zdjęcie.');
    expect(photos(2)).toBe('Możesz mieć najwyżej 2 zdjęcia.');
    expect(photos(5)).toBe('Możesz mieć najwyżej 5 zdjęć.');
    expect(photos(22)).toBe('Możesz mieć najwyżej 22 zdjęcia.');
    expect(message('pl', 'sms.direct_debit_code', { code: '123456', minutes: 15 })).toBe(
      'Twój kod polecenia zapłaty to 123456. Jest ważny 15 minut.',
    );
  });

  it('When an English count is 1, then the singular is used', () => {
    expect(message('en', 'mail.export.body', { hours: 1 })).toContain('The link works for 1 hour,');
    expect(message('en', 'mail.export.body', { hours: 24 })).toContain('The link works for 24 hours,');
  });

  it('When a French text has an apostrophe, then it survives ICU (and so does one in an argument)', () => {
    expect(message('fr', 'error.bad_request')).toBe("La requête n'est pas valide.");
    expect(message('fr', 'error.first_message_limit', { limit: 10 })).toBe(
      "Vous avez commencé 10 nouvelles conversations aujourd'hui, le maximum par jour. Réessayez demain.",
    );
    expect(message('fr', 'mail.appeal.subject', { site: "L'{site}" })).toBe("Le résultat de ton appel sur L'{site}");
  });

  it('When a statement names an end date in German, then it is written by Intl in German, in UTC', () => {
    expect(message('de', 'statement.until', { until: new Date('2026-12-01T14:05:00Z') })).toBe('Bis: 1. Dezember 2026 um 14:05 UTC');
  });

  it('When a key is missing in a language, then the English text is used', () => {
    const render = messageRenderer<'greeting' | 'count'>(
      { en: { greeting: 'Hello {name}', count: '{n, plural, one {# day} other {# days}}' }, nl: { greeting: 'Hallo {name}' } } as never,
      { greeting: 'Hello {name}', count: '{n, plural, one {# day} other {# days}}' },
    );
    expect(render('nl', 'greeting', { name: 'Anna' })).toBe('Hallo Anna');
    expect(render('nl', 'count', { n: 1 })).toBe('1 day');
  });

  it('When an error lacks a parameter, then a plain one stays written as {name} and a missing count gives the general text', () => {
    expect(errorMessage('login_blocked', 'en')).toBe('Too many failed attempts, account blocked for {minutes} min.');
    expect(errorMessage('photo_limit_reached', 'nl', { field: 'photo' })).toBe('Er is een fout opgetreden.');
    expect(errorMessage('photo_limit_reached', 'nl', { limit: 6 })).toBe('Je kunt maximaal 6 foto’s hebben.');
  });
});
