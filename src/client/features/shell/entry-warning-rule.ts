import type { Settings } from '../../../shared/api/client';
import { ENTRY_WARNING_LAYOUT_COUNTRIES } from '../../../shared/constants';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/** The visitor's country: the selected country (route query / choice), else the GeoIP country. */
export function visitorCountry(settings: Pick<Settings, 'geoip_selected_country' | 'geoip_country'>): string | null {
  return (settings.geoip_selected_country ?? settings.geoip_country ?? null)?.toUpperCase() ?? null;
}

/** `enable_site_entry_popup`: 'no' = never; 'yes' or empty = everywhere; otherwise a list like 'NL,DE'. */
export function entryPopupCountries(value: string): string[] | null {
  const v = value.trim();
  if (v === '' || v.toLowerCase() === 'yes') return null;
  return v
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{2}$/.test(c));
}

/**
 * The site-entry warning: once for logged-out visitors (standalone display is left out by the caller and by
 * CSS), only when enable_site_entry_popup is not 'no', only for the listed countries when a list is given, and in
 * the chat, lander and empty layouts only for NL and DE; never again once the skipped marker is stored.
 */
export function shouldShowEntryWarning(input: {
  settings: Pick<Settings, 'enable_site_entry_popup' | 'geoip_selected_country' | 'geoip_country'>;
  loggedIn: boolean;
  skippedAt: number | null;
  layout: LayoutName;
}): boolean {
  const { settings, loggedIn, skippedAt, layout } = input;
  if (loggedIn || skippedAt !== null) return false;
  if (settings.enable_site_entry_popup.trim().toLowerCase() === 'no') return false;
  const country = visitorCountry(settings);
  const allowed = entryPopupCountries(settings.enable_site_entry_popup);
  if (allowed && (!country || !allowed.includes(country))) return false;
  if (layout !== 'default' && (!country || !(ENTRY_WARNING_LAYOUT_COUNTRIES as readonly string[]).includes(country))) return false;
  return true;
}
