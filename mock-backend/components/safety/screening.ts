import { createHash } from 'node:crypto';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { undisguise } from '../../../src/shared/undisguise';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { createLimiter } from '../../lib/rate-limit';
import { screeningOf } from './site-repository';

/**
 * The screening of a message before anything is stored or charged. Scams and spam come from fresh accounts that move
 * members off the site at once, and from one account sending one template to many. Both rules read the text as a
 * person sees it (`undisguise`: Unicode NFKC, no invisible characters, Cyrillic and Greek look-alikes as Latin, lower
 * case, "dot"/"punt"/"punkt"… as `.`, spread digits joined), so `example dot com`, `exаmple.com` with a Cyrillic а or
 * a zero-width space in a template change nothing.
 *
 * - An account younger than the site's `safety_new_account_hours` puts no link and no phone number in **any** message
 *   (422 `first_message_contact`): in a conversation it starts and in the ones it answers, so the link cannot wait
 *   for the second message. A verified member (a moderator matched his selfie with his photos) skips that waiting time.
 * - The same text (its template) may start only `safety_repeated_first_messages` conversations per sender and hour
 *   (429 `first_message_repeated`). The count is the sender's own: that other members wrote the same words never
 *   refuses anybody. Texts too short to be a template ("Hi!") are not counted: they repeat innocently.
 */

/** Templates shorter than this are greetings anyone repeats; they are never throttled. */
const MIN_COUNTED_LENGTH = 20;
const WINDOW_SECONDS = 3600;
const LIMITER = 'first-message-text';

/** What the text holds that a new account may not send: a link (URL, domain or e-mail address) or a phone number. */
function contactIn(text: string, country: string | null): 'link' | 'phone' | null {
  const read = undisguise(text);
  if (linkify.find(read).length > 0) return 'link';
  const region = country && /^[A-Za-z]{2}$/.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  if (findPhoneNumbersInText(read, region ? { defaultCountry: region } : undefined).length > 0) return 'phone';
  return null;
}

/**
 * Whether the text may hold contact details at all, without knowing the sender: a link, or at least seven digits
 * (every phone number has them). A reply that holds neither (most messages) needs no look at the sender.
 */
function mayHoldContact(text: string): boolean {
  const read = undisguise(text);
  return linkify.find(read).length > 0 || (read.match(/\p{Nd}/gu)?.length ?? 0) >= 7;
}

/** The text as a template: besides the disguises, spaces, digits, punctuation and symbols do not tell two copies apart. */
function templateOf(text: string): string {
  return undisguise(text).replace(/[\s\p{P}\p{S}\p{N}]+/gu, '');
}

const limiters = new WeakMap<Db, Map<number, RateLimiterPostgres>>();
function limiterFor(db: Db, points: number): RateLimiterPostgres {
  let byPoints = limiters.get(db);
  if (!byPoints) limiters.set(db, (byPoints = new Map()));
  let limiter = byPoints.get(points);
  if (!limiter) byPoints.set(points, (limiter = createLimiter(db, { name: LIMITER, points, windowSeconds: WINDOW_SECONDS })));
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

const NOTHING_COUNTED: Screened = { release: async () => {} };

/**
 * Screens a message of the sender (`first`: it starts a conversation); throws the refusal, else answers how to give
 * back the count it took. Run inside the send's transaction, the count is kept only when the send commits; a caller
 * whose send can still fail after that commit (a photo message is processed after its hold) gives it back with
 * `release`.
 */
export async function screenMessage(db: Db, q: { siteId: number; senderId: number; text: string; first: boolean }): Promise<Screened> {
  if (q.text === '') return NOTHING_COUNTED;
  // A reply is only screened for contact details: one without a link or a phone number's digits costs no query.
  if (!q.first && !mayHoldContact(q.text)) return NOTHING_COUNTED;
  const sender = await screeningOf(db, q.siteId, q.senderId);
  if (!sender) return NOTHING_COUNTED;
  if (sender.young) {
    const kind = contactIn(q.text, sender.country);
    if (kind) throw new AppError(422, 'first_message_contact', { params: { field: 'text', kind, hours: sender.newAccountHours } });
  }
  if (!q.first) return NOTHING_COUNTED;
  const template = templateOf(q.text);
  if ([...template].length < MIN_COUNTED_LENGTH) return NOTHING_COUNTED;
  const key = `${q.senderId}:${createHash('sha256').update(template).digest('hex')}`;
  const perSender = limiterFor(db, sender.repeatedFirstMessages);
  await consume(perSender, key);
  return { release: () => perSender.reward(key, 1).then(() => undefined) };
}
