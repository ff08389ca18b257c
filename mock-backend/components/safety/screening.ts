import { createHash } from 'node:crypto';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { createLimiter } from '../../lib/rate-limit';
import { senderOf, thresholdsOf } from './site-repository';

/**
 * The screening of a first message (one that starts a conversation), before anything is stored or charged. Scams and
 * spam come from fresh accounts that move members off the site at once, so an account younger than the site's
 * `safety_new_account_hours` puts no link and no phone number in a first message (422 `first_message_contact`), and
 * the same text (normalised) may start only `safety_repeated_first_messages` conversations per sender and hour, and
 * only `safety_repeated_first_messages_site` per hour from all senders of the site together — many fresh accounts
 * sending one spam text each stay under the first count (429 `first_message_repeated` for either). Texts too short to
 * be a template ("Hi!") are not counted: they repeat innocently.
 */

/** Normalised texts shorter than this are greetings anyone repeats; they are never throttled. */
const MIN_COUNTED_LENGTH = 20;
const WINDOW_SECONDS = 3600;

/** What the text holds that a new account may not send first: a link (URL, domain or e-mail address) or a phone number. */
function contactIn(text: string, country: string | null): 'link' | 'phone' | null {
  if (linkify.find(text).length > 0) return 'link';
  const region = country && /^[A-Za-z]{2}$/.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  if (findPhoneNumbersInText(text, region ? { defaultCountry: region } : undefined).length > 0) return 'phone';
  return null;
}

/** The text as a template: case, spaces, digits, punctuation and symbols do not tell two copies apart. */
function normaliseTemplate(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{N}]+/gu, '');
}

type Scope = 'first-message-text' | 'first-message-text-site';
const limiters = new WeakMap<Db, Map<string, RateLimiterPostgres>>();
function limiterFor(db: Db, name: Scope, points: number): RateLimiterPostgres {
  let byPoints = limiters.get(db);
  if (!byPoints) limiters.set(db, (byPoints = new Map()));
  let limiter = byPoints.get(`${name}:${points}`);
  if (!limiter) byPoints.set(`${name}:${points}`, (limiter = createLimiter(db, { name, points, windowSeconds: WINDOW_SECONDS })));
  return limiter;
}

/** Counts one use of `key`; over the limit, the refusal with the seconds until the next use counts. */
async function consume(limiter: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new AppError(429, 'first_message_repeated', { headers: { 'Retry-After': String(seconds) } });
  }
}

export interface Screened {
  /** Gives the counted use back (the send was refused later for another reason, so nothing went out). */
  release(): Promise<void>;
}

/**
 * Screens a first message of the sender; throws the refusal, else answers how to give back the count it took. Run
 * inside the send's transaction, the count is kept only when the send commits; a caller whose send can still fail
 * after that commit (a photo message is processed after its hold) gives it back with `release`.
 */
export async function screenFirstMessage(db: Db, q: { siteId: number; senderId: number; text: string }): Promise<Screened> {
  const none: Screened = { release: async () => {} };
  if (q.text === '') return none;
  const limits = await thresholdsOf(db, q.siteId);
  const sender = await senderOf(db, q.senderId, limits.newAccountHours);
  if (sender?.young) {
    const kind = contactIn(q.text, sender.country);
    if (kind) throw new AppError(422, 'first_message_contact', { params: { field: 'text', kind, hours: limits.newAccountHours } });
  }
  const template = normaliseTemplate(q.text);
  if ([...template].length < MIN_COUNTED_LENGTH) return none;
  const hash = createHash('sha256').update(template).digest('hex');
  const senderKey = `${q.senderId}:${hash}`;
  const siteKey = `${q.siteId}:${hash}`;
  const perSender = limiterFor(db, 'first-message-text', limits.repeatedFirstMessages);
  const perSite = limiterFor(db, 'first-message-text-site', limits.repeatedFirstMessagesSite);
  await consume(perSender, senderKey);
  try {
    await consume(perSite, siteKey);
  } catch (error) {
    // Refused for the site's count: this send does not count against the sender either.
    await perSender.reward(senderKey, 1);
    throw error;
  }
  return {
    release: async () => {
      await Promise.all([perSender.reward(senderKey, 1), perSite.reward(siteKey, 1)]);
    },
  };
}
