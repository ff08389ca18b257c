// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferedLanguage } from '../../../lib/store/site-slice';
import { renderWithApp } from '../../../test/render-app';
import { LanguageOffer } from './language-offer';

afterEach(() => {
  cleanup();
  document.cookie = 'dismissed_language_offer=; Max-Age=0; Path=/';
});

const GERMAN: OfferedLanguage = {
  locale: 'de',
  label: 'Sprachvorschlag',
  question: 'Deutsch? Diese Seite auf Deutsch anzeigen',
  accept: 'Auf Deutsch',
  dismiss: 'Nein, danke',
};

describe('LanguageOffer', () => {
  it('When the server offers German on an English page, then a labelled region in German has one link to switch and one to keep English, both back to this page', () => {
    renderWithApp(<LanguageOffer />, { url: '/members?cursor=abc', site: { languageOffer: GERMAN } });
    const region = screen.getByRole('region', { name: 'Sprachvorschlag' });
    expect(region.getAttribute('lang')).toBe('de');
    expect(region.textContent).toContain('Deutsch? Diese Seite auf Deutsch anzeigen');
    const links = Array.from(region.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Auf Deutsch', '/locale/de?return=%2Fmembers%3Fcursor%3Dabc'],
      ['Nein, danke', '/locale/en?return=%2Fmembers%3Fcursor%3Dabc'],
    ]);
  });

  it('When he taps "Nein, danke", then the offer closes in place and the dismissal is remembered in its cookie', () => {
    const { store } = renderWithApp(<LanguageOffer />, { site: { languageOffer: GERMAN } });
    const keep = screen.getByRole('link', { name: 'Nein, danke' });
    const followed = !fireEvent.click(keep);
    expect(followed).toBe(true); // the link's navigation was prevented: the page stays
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.cookie).toMatch(/dismissed_language_offer=\d+/);
    expect(store.getState().site.dismissals?.language_offer).toBeGreaterThan(0);
  });

  it('When the offer was dismissed before, or the page completes a signup, or there is no offer, then nothing shows', () => {
    const dismissed = renderWithApp(<LanguageOffer />, {
      site: { languageOffer: GERMAN, dismissals: { language_offer: 1_700_000_000_000 } },
    });
    expect(dismissed.container.innerHTML).toBe('');
    cleanup();
    const completing = renderWithApp(<LanguageOffer />, { url: '/complete-signup', site: { languageOffer: GERMAN } });
    expect(completing.container.innerHTML).toBe('');
    cleanup();
    expect(renderWithApp(<LanguageOffer />).container.innerHTML).toBe('');
  });
});
