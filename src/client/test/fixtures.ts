import type { Schemas, Settings, User } from '../../shared/api/client';

/** Test data shaped like openapi.yaml answers (used by component and SSR tests only). */
export const settingsFixture: Settings = {
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  niche: 7,
  geoip_country: 'NL',
  geoip_selected_country: null,
  enable_site_entry_popup: 'no',
  cdn_prefix: '/media/',
  domain: 'example.test',
  domain_language: 'en',
  name: 'Gay Date Test',
  index_title: 'Gay Date Test: meet gay men near you',
  description: 'Meet gay men near you.',
  push_public_key: null,
  support_phone: '+31 20 000 0000',
  support_email: 'support@example.test',
  minimum_message_costs: {},
  fictional_icon: '',
  fictional_warning: '',
  fictional_singular: '',
  fictional_plural: '',
  countries: ['NL', 'BE'],
  visible_profile_fields: [],
  visible_profile_notes: [],
  search_fields: [],
  message_credits: 1,
  photo_credits: 1,
  gift_credits: 5,
  signup_credits: 0,
  message_length: 1000,
  refund_days: 14,
  member_resell: false,
  company_id: 1,
  mail_name: 'Gay Date Test',
  us_footer: false,
};

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'jan@example.test',
    status: 'active',
    credits: 25,
    paid_user: false,
    language: 'en',
    signup_date: '2025-01-01T10:00:00Z',
    fictional_icon: false,
    notifications_disabled: [],
    profile: { id: 11, name: 'Jan', country: 'NL', status: 'active', main_image: null },
    ...overrides,
  };
}

export function profileFixture(overrides: Partial<Schemas['ProfileSummary']> = {}): Schemas['ProfileSummary'] {
  return {
    id: 42,
    name: 'Mark',
    country: 'NL',
    region: 'Utrecht',
    age: 31,
    main_image: { id: 7, filename: 'a.jpg', thumb_filename: 'thumbs/a.jpg', status: 'approved', match_path: 'photos/a.jpg' },
    online: true,
    premium: true,
    fictional: false,
    ...overrides,
  };
}
