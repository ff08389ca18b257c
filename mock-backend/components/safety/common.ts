import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Bus } from '../../lib/bus';
import type { Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { enqueueMail, type Outbox } from '../../lib/outbox';
import { isLocale, type Locale } from '../../../src/shared/locales';
import type { RenderedMail } from './mail-texts';
import { isFirstSite } from './site-repository';

/** What the safety component's services need, and the helpers they share (mail, links, tokens, references). */
export interface SafetyDeps {
  db: Db;
  media: MediaStore;
  logger: Logger;
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
  /** Tells the data-export job to look (background); without it the job's schedule finds the request. */
  dataExports?: { kick(): void } | undefined;
  /** The live events' bus (lib/live-events.ts): a removed message is told to its conversation's open pages at once. */
  bus?: Bus | undefined;
}

/** The page (built by the app) where a member reads a statement of reasons and appeals it. */
export const statementPath = (id: number, token?: string) => `/safety/statements/${id}${token ? `?token=${token}` : ''}`;

export const reportReference = (id: number) => `R-${String(id).padStart(6, '0')}`;
export const noticeReference = (id: number) => `N-${String(id).padStart(6, '0')}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const localeOf = (language: string | undefined, fallback: Locale = 'en'): Locale =>
  language && isLocale(language) ? language : fallback;
export const iso = (d: Date | string) => new Date(d).toISOString();

/** A mail of the site, written to the outbox in the caller's transaction. */
export type MailSite = Pick<Site, 'name' | 'mail_name' | 'support_email' | 'domain'>;

export async function mail(tx: Db, site: MailSite, to: string, topic: string, ref: string, rendered: RenderedMail): Promise<void> {
  const fromName = (site.mail_name || site.name).replace(/"/g, '');
  const fromAddress = site.support_email || `no-reply@${site.domain}`;
  await enqueueMail(tx, { topic, ref, to, from: `"${fromName}" <${fromAddress}>`, ...rendered });
}

function origin(publicUrl: string, site: Site, defaultSite: boolean): string {
  if (defaultSite) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = site.host;
  return url.origin;
}

/** The origin of links in the site's mails: PUBLIC_URL for the first site, the site's host on it for the others. */
export async function linkOrigin(publicUrl: string, db: Db, site: Pick<Site, 'id' | 'host'>): Promise<string> {
  return origin(publicUrl, site as Site, await isFirstSite(db, site.id));
}
