import type { Response } from 'express';
import type { Locale } from '../../src/shared/locales';
import { authenticationRequired } from './errors';

/** A row of `sites` as the API needs it. */
export interface Site {
  id: number;
  host: string;
  name: string;
  domain: string;
  domain_language: string;
  niche: number;
  cdn_prefix: string;
  countries: string[];
  signups: 'all' | 'with_trafficsource' | 'disabled';
  logged_out_search: boolean;
  logged_out_search_trafficsource: boolean;
  enable_site_entry_popup: string;
  index_title: string;
  description: string;
  push_public_key: string | null;
  support_phone: string;
  support_email: string;
  minimum_message_costs: Record<string, { costs: number; currency: string }>;
  fictional_icon: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  visible_profile_fields: string[];
  visible_profile_notes: string[];
  search_fields: string[];
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  refund_days: number;
  member_resell: boolean;
  company_id: number;
  mail_name: string;
  us_footer: boolean;
}

/** The logged-in member behind the request's session. */
export interface Viewer {
  userId: number;
  sessionId: string;
  paidUser: boolean;
  language: Locale;
}

interface Locals {
  site?: Site;
  viewer?: Viewer | null;
}

export function setSite(res: Response, site: Site): void {
  (res.locals as Locals).site = site;
}

export function getSite(res: Response): Site {
  const site = (res.locals as Locals).site;
  if (!site) throw new Error('site middleware did not run');
  return site;
}

export function setViewer(res: Response, viewer: Viewer | null): void {
  (res.locals as Locals).viewer = viewer;
}

export function getViewer(res: Response): Viewer | null {
  return (res.locals as Locals).viewer ?? null;
}

export function requireViewer(res: Response): Viewer {
  const viewer = getViewer(res);
  if (!viewer) throw authenticationRequired();
  return viewer;
}
