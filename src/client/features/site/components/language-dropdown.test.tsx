// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { LanguageDropdown } from './language-dropdown';

afterEach(cleanup);

describe('LanguageDropdown', () => {
  it('When a visitor from BE with a Swedish browser opens it, then it lists the current, BE and browser languages in their own names', () => {
    renderWithApp(<LanguageDropdown />, {
      url: '/members?cursor=abc',
      settings: { ...settingsFixture, geoip_country: 'NL', geoip_selected_country: 'BE' },
      browserLanguage: 'sv-SE',
    });
    const list = screen.getByRole('list', { name: 'Language' });
    const links = Array.from(list.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('lang'))).toEqual(['en', 'nl', 'de', 'fr', 'sv']);
    expect(links.map((a) => a.textContent)).toEqual(['English', 'Nederlands', 'Deutsch', 'Français', 'Svenska']);
    expect(links[1]?.getAttribute('href')).toBe('/locale/nl?return=%2Fmembers%3Fcursor%3Dabc');
    expect(links[0]?.getAttribute('aria-current')).toBe('true');
  });

  it("When the user's own country differs, then its languages are offered too", () => {
    renderWithApp(<LanguageDropdown />, { user: userFixture({ profile: { ...userFixture().profile, country: 'FI' } }), locale: 'nl' });
    const langs = Array.from(screen.getByRole('list', { name: 'Language' }).querySelectorAll('a')).map((a) => a.getAttribute('lang'));
    expect(langs).toEqual(['nl', 'fi', 'sv']);
  });

  it('When on /complete-signup, then it is hidden', () => {
    const { container } = renderWithApp(<LanguageDropdown />, { url: '/complete-signup' });
    expect(container.innerHTML).toBe('');
  });
});
