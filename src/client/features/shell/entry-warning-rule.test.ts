import { describe, expect, it } from 'vitest';
import { entryPopupCountries, shouldShowEntryWarning } from './entry-warning-rule';

const site = (enable: string, selected: string | null, geoip: string | null = null) => ({
  enable_site_entry_popup: enable,
  geoip_selected_country: selected,
  geoip_country: geoip,
});

describe('site-entry warning rule', () => {
  it('When a logged-out NL visitor comes to a site with the list NL,DE, then the warning shows in every layout', () => {
    for (const layout of ['default', 'chat', 'lander', 'empty'] as const) {
      expect(shouldShowEntryWarning({ settings: site('NL,DE', 'NL'), loggedIn: false, skippedAt: null, layout })).toBe(true);
    }
  });

  it('When the visitor comes from FR and the list is NL,DE, then no warning shows', () => {
    expect(shouldShowEntryWarning({ settings: site('NL,DE', 'FR'), loggedIn: false, skippedAt: null, layout: 'default' })).toBe(false);
  });

  it('When the popup is on for everybody, then an FR visitor sees it in the default layout but not in the lander, chat or empty layout', () => {
    expect(shouldShowEntryWarning({ settings: site('yes', 'FR'), loggedIn: false, skippedAt: null, layout: 'default' })).toBe(true);
    for (const layout of ['chat', 'lander', 'empty'] as const) {
      expect(shouldShowEntryWarning({ settings: site('yes', 'FR'), loggedIn: false, skippedAt: null, layout })).toBe(false);
    }
    expect(shouldShowEntryWarning({ settings: site('yes', 'DE'), loggedIn: false, skippedAt: null, layout: 'lander' })).toBe(true);
  });

  it('When the setting is no, the visitor is logged in, or the skipped marker is stored, then no warning shows', () => {
    expect(shouldShowEntryWarning({ settings: site('no', 'NL'), loggedIn: false, skippedAt: null, layout: 'default' })).toBe(false);
    expect(shouldShowEntryWarning({ settings: site('NL,DE', 'NL'), loggedIn: true, skippedAt: null, layout: 'default' })).toBe(false);
    expect(
      shouldShowEntryWarning({ settings: site('NL,DE', 'NL'), loggedIn: false, skippedAt: 1_700_000_000_000, layout: 'default' }),
    ).toBe(false);
  });

  it('When no country was selected, then the GeoIP country decides', () => {
    expect(shouldShowEntryWarning({ settings: site('NL,DE', null, 'DE'), loggedIn: false, skippedAt: null, layout: 'default' })).toBe(true);
    expect(shouldShowEntryWarning({ settings: site('NL,DE', null, null), loggedIn: false, skippedAt: null, layout: 'default' })).toBe(
      false,
    );
  });

  it('When the list is written loosely, then it is read as upper-case country codes', () => {
    expect(entryPopupCountries(' nl, de ,x')).toEqual(['NL', 'DE']);
    expect(entryPopupCountries('yes')).toBeNull();
  });
});
