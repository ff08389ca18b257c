import { describe, expect, it } from 'vitest';
import { renderStatement } from './mail-texts-statement';

const base = {
  site: 'ManMatch',
  facts: 'Insulted another member.',
  rule: 'harassment_hate',
  source: 'report',
  link: 'https://site.test/safety/statements/7?token=abc',
} as const;

describe('the statement of reasons mail', () => {
  it('When a suspension ends on a date, then the date is written in the member’s language (English, German), never as ISO text', () => {
    const until = '2026-03-12T14:05:00.000Z';
    const en = renderStatement('en', { ...base, action: 'suspend', until }).text;
    expect(en).toContain('Until: March 12, 2026');
    expect(en).toMatch(/2:05\sPM UTC/);
    const de = renderStatement('de', { ...base, action: 'suspend', until }).text;
    expect(de).toContain('Bis: 12. März 2026');
    expect(de).toContain('14:05 UTC');
    for (const text of [en, de]) expect(text).not.toContain('2026-03-12');
  });

  it('When the member is banned, then the mail says the ban is permanent (English, French), not "infinity"', () => {
    const en = renderStatement('en', { ...base, action: 'ban', until: 'infinity' });
    expect(en.text).toContain('Duration: permanent, without end.');
    const fr = renderStatement('fr', { ...base, action: 'ban', until: 'infinity' });
    expect(fr.text).toContain('Durée : définitive, sans fin.');
    for (const mail of [en, fr]) {
      expect(mail.text).not.toContain('infinity');
      expect(mail.html).not.toContain('infinity');
    }
  });

  it('When content is removed, then the mail says which: a photo, a message or the profile text (English, Dutch)', () => {
    const removal = (locale: 'en' | 'nl', content: 'photo' | 'message' | 'profile_text') =>
      renderStatement(locale, { ...base, action: 'remove_content', until: null, content }).text;
    expect(removal('en', 'photo')).toContain('Content removed: a photo');
    expect(removal('en', 'message')).toContain('Content removed: a message');
    expect(removal('en', 'profile_text')).toContain('Content removed: your profile text');
    expect(removal('nl', 'photo')).toContain('Verwijderde inhoud: een foto');
    expect(removal('nl', 'message')).toContain('Verwijderde inhoud: een bericht');
    expect(removal('nl', 'profile_text')).toContain('Verwijderde inhoud: je profieltekst');
  });

  it('When a profile is hidden by the automation, then no end date line appears (it lasts until a moderator decides)', () => {
    const text = renderStatement('en', { ...base, action: 'hide', until: 'infinity', automated: true }).text;
    expect(text).not.toContain('Until:');
    expect(text).not.toContain('permanent');
    expect(text).not.toContain('infinity');
  });
});
