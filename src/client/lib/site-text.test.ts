import { describe, expect, it } from 'vitest';
import { settingsFixture } from '../test/fixtures';
import { localizeSettings } from './site-text';

describe('site texts', () => {
  it('When the backend has the site texts in the page language, then the settings carry those and no other language', () => {
    const settings = {
      ...settingsFixture,
      site_texts: {
        nl: { fictional_warning: 'Profielen met ★ zijn fictieve gastheren.', index_title: 'Daten voor mannen' },
        de: { fictional_warning: 'Mit ★ markierte Profile sind fiktiv.' },
      },
    };
    const nl = localizeSettings(settings, 'nl');
    expect(nl.fictional_warning).toBe('Profielen met ★ zijn fictieve gastheren.');
    expect(nl.index_title).toBe('Daten voor mannen');
    expect(nl.description).toBe(settingsFixture.description);
    expect(nl.site_texts).toBeUndefined();
  });

  it('When the language is missing, a text is empty, or the backend sends no translations, then the plain fields stay', () => {
    const settings = { ...settingsFixture, site_texts: { nl: { fictional_warning: '' } } };
    expect(localizeSettings(settings, 'nl').fictional_warning).toBe(settingsFixture.fictional_warning);
    expect(localizeSettings(settings, 'fr').fictional_plural).toBe(settingsFixture.fictional_plural);
    expect(localizeSettings(settingsFixture, 'de')).toEqual(settingsFixture);
  });
});
