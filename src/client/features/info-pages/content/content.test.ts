import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/locales';
import { contentLocale, fillText, loadInfoPage } from './load';
import { INFO_PAGE_TOKENS } from './types';

const PLACEHOLDERS = new Set([
  'site',
  'domain',
  'company',
  'address',
  'city',
  'country',
  'kvk',
  'vat',
  'tradenames',
  'support_email',
  'support_phone',
  'refund_days',
  'terms_date',
  'message_credits',
  'photo_credits',
  'gift_credits',
]);
/** Headings that are truly the same word in a language (nl/fr 'Contact'). */
const SAME_WORD = new Set(['Contact']);
const texts = (page: Awaited<ReturnType<typeof loadInfoPage>>) => [
  page.title,
  page.intro,
  ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
];

describe('information page content', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))(
    'When the %s texts are loaded, then every page has the sections of the English page, each translated and filled',
    async (locale) => {
      for (const token of INFO_PAGE_TOKENS) {
        const en = await loadInfoPage('en', token);
        const page = await loadInfoPage(locale, token);
        expect(page.sections.length, `${locale}/${token}`).toBe(en.sections.length);
        page.sections.forEach((section, i) => {
          expect(section.paragraphs.length, `${locale}/${token}/${i}`).toBe(en.sections[i]!.paragraphs.length);
          if (!SAME_WORD.has(section.heading)) expect(section.heading).not.toBe(en.sections[i]!.heading);
          section.paragraphs.forEach((p, j) => expect(p, `${locale}/${token}/${i}/${j}`).not.toBe(en.sections[i]!.paragraphs[j]));
        });
        for (const text of texts(page)) {
          for (const [, name] of text.matchAll(/\{([^}]*)\}/g)) expect(PLACEHOLDERS, `${locale}/${token}: {${name}}`).toContain(name);
          expect(text).not.toMatch(/\blorem\b|\bipsum\b|\bTODO\b/);
        }
        if (token !== '2257' && token !== 'faq') expect(page.sections.length).toBeGreaterThan(1);
      }
    },
  );

  it('When the English terms are filled, then the company, KvK number and terms date appear and no placeholder is left', async () => {
    const page = await loadInfoPage('en', 'terms');
    const filled = texts(page).map((t) =>
      fillText(t, {
        site: 'ManMatch',
        domain: 'manmatch.example',
        company: 'Rainbow Connect Media B.V.',
        address: 'Herengracht 420',
        city: 'Amsterdam',
        kvk: '81234567',
        vat: 'NL1',
        support_email: 's@x',
        support_phone: '1',
        refund_days: '14',
        terms_date: '1 March 2024',
        message_credits: '10',
        photo_credits: '5',
        gift_credits: '20',
      }),
    );
    const all = filled.join('\n');
    expect(all).toContain('Rainbow Connect Media B.V.');
    expect(all).toContain('81234567');
    expect(all).toContain('1 March 2024');
    expect(all).not.toMatch(/\{[a-z_]+\}/);
  });

  it('When an English-speaking visitor is in the US, then the privacy page uses the en-US variant; other pages and locales do not', async () => {
    expect(contentLocale('en', 'privacy', true)).toBe('en-US');
    expect(contentLocale('en', 'terms', true)).toBe('en');
    expect(contentLocale('nl', 'privacy', true)).toBe('nl');
    expect(contentLocale('en', 'privacy', false)).toBe('en');
    const us = await loadInfoPage('en-US', 'privacy');
    expect(us.sections.map((s) => s.heading)).toContain('Your rights');
    expect(us.title).not.toBe((await loadInfoPage('en', 'privacy')).title);
  });
});
