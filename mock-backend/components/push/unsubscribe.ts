import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../src/shared/locales';
import type { Db } from '../../lib/db';
import { lazily, loadSecretKey } from '../../lib/secrets';
import * as repo from './repository';
import { toLocale } from './texts';

/** List-unsubscribe links: a signed token per member, and what following one does. */

const unsubscribeKey = new WeakMap<Db, () => Promise<Buffer>>();
function keyOf(db: Db): Promise<Buffer> {
  let load = unsubscribeKey.get(db);
  if (!load) {
    load = lazily(() => loadSecretKey(db, 'unsubscribe_link'));
    unsubscribeKey.set(db, load);
  }
  return load();
}

/** Loads the link key ahead (outside a transaction: on PGlite a transaction holds the one connection). */
export const unsubscribeKeyLoaded = (db: Db): Promise<Buffer> => keyOf(db);

const sign = (key: Buffer, userId: number) => createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

/** A signed token naming the member: the unsubscribe link works without login and cannot be made for another member. */
export async function unsubscribeToken(db: Db, userId: number): Promise<string> {
  return `${userId}.${sign(await keyOf(db), userId)}`;
}

/** The member a token names, or null for a forged or mangled one. */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<number | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(sign(await keyOf(db), userId));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

/** List-unsubscribe: every notification e-mail stops (reason `unsubscribe`) until the member opts in again. */
export async function unsubscribe(db: Db, userId: number): Promise<{ site: string; language: Locale } | null> {
  const row = await repo.disableNotifications(db, userId);
  return row ? { site: row.site, language: toLocale(row.language) } : null;
}

export async function memberSiteAndLanguage(db: Db, userId: number): Promise<{ site: string; language: Locale } | null> {
  const row = await repo.siteAndLanguage(db, userId);
  return row ? { site: row.site, language: toLocale(row.language) } : null;
}
