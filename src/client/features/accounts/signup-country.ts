import type { Settings } from '../../../shared/api/client';

/**
 * The country the signup's personal-info step preselects, one the site offers: the one the visitor chose in the
 * footer, else the one the site derived from his address (GeoIP) — `derived`, and the step says where it came from —
 * else the site's first country. He sees it and may change it; it is never set silently. Null when the site lists no
 * countries (then the step asks nothing and the backend keeps its default).
 */
export function signupCountry(
  settings: Pick<Settings, 'countries' | 'geoip_country' | 'geoip_selected_country'>,
): { preselected: string; derived: boolean } | null {
  const offered = (code: string | null) => (code && settings.countries.includes(code.toUpperCase()) ? code.toUpperCase() : null);
  const chosen = offered(settings.geoip_selected_country);
  if (chosen) return { preselected: chosen, derived: false };
  const derived = offered(settings.geoip_country);
  if (derived) return { preselected: derived, derived: true };
  const [first] = settings.countries;
  return first ? { preselected: first, derived: false } : null;
}
