import type { Settings } from '../shared/api/client';

/**
 * A complete Settings object (every field of the openapi `Settings` schema) used when the backend cannot
 * deliver settings (down, or a PHP service that lacks the call or some fields). Pages still render with it.
 * Conservative choices: signups open, no logged-out search, no entry popup, photos from the BFF's /media/.
 */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  signups: 'all',
  logged_out_search: false,
  logged_out_search_trafficsource: false,
  niche: 7,
  geoip_country: null,
  geoip_selected_country: null,
  enable_site_entry_popup: 'no',
  cdn_prefix: '/media/',
  domain: 'localhost',
  domain_language: 'en',
  name: 'Gay Dating',
  index_title: 'Gay Dating',
  description: '',
  push_public_key: null,
  support_phone: '',
  support_email: '',
  minimum_message_costs: {},
  fictional_icon: '',
  fictional_warning: '',
  fictional_singular: '',
  fictional_plural: '',
  countries: [],
  visible_profile_fields: [],
  visible_profile_notes: [],
  search_fields: [],
  message_credits: 0,
  photo_credits: 0,
  gift_credits: 0,
  signup_credits: 0,
  message_length: 1000,
  refund_days: 14,
  member_resell: false,
  company_id: 0,
  mail_name: '',
  us_footer: false,
});

/** Defaults for one host (the domain is the visitor's host). */
export function defaultSettingsFor(host: string): Settings {
  return structuredClone({ ...DEFAULT_SETTINGS, domain: host || DEFAULT_SETTINGS.domain });
}

/**
 * Settings as answered by a backend, completed with defaults for any missing field (a PHP service may
 * answer fewer fields). Returns null when the answer is not an object at all.
 */
export function completeSettings(body: unknown, host: string): Settings | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const merged: Record<string, unknown> = { ...defaultSettingsFor(host) };
  for (const [key, value] of Object.entries(body)) {
    if ((key in merged || OPTIONAL_KEYS.has(key)) && value !== undefined) merged[key] = value;
  }
  return merged as Settings;
}

/** Fields of the contract's Settings that a backend may leave out and that have no default. */
const OPTIONAL_KEYS: ReadonlySet<string> = new Set<keyof Settings>(['site_texts']);
