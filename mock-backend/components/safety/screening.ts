import { createHash } from 'node:crypto';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { holdsPhoneDigits, PHONE_DIGITS, phoneReading, undisguise } from '../../../src/shared/undisguise';
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
 *   A phone number is any run of seven or more digits once undisguised (digits of any script, spelt as words or as
 *   look-alike letters, spread by separators), whatever the country, and any number the phone parser finds as it would
 *   be dialled in the sender's, the recipient's or the site's country: the sender chose his own country, and a
 *   number written for the recipient's country reaches the recipient. Dates, spans of years or times and a profile's
 *   age, height and weight are not phone numbers (undisguise.ts, phoneReading).
 * - The same text (its template) may start only `safety_repeated_first_messages` conversations per sender and hour
 *   (429 `first_message_repeated`). The count is the sender's own: that other members wrote the same words never
 *   refuses anybody. Texts too short to be a template ("Hi!") are not counted: they repeat innocently.
 */

/** Templates shorter than this are greetings anyone repeats; they are never throttled. */
const MIN_COUNTED_LENGTH = 20;
const WINDOW_SECONDS = 3600;
const LIMITER = 'first-message-text';

/** The countries a number may be written for, each once: ISO codes only (a profile's country may be empty). */
function regionsOf(countries: readonly (string | null)[]): CountryCode[] {
  const regions = new Set<CountryCode>();
  for (const country of countries) if (country && /^[A-Za-z]{2}$/.test(country)) regions.add(country.toUpperCase() as CountryCode);
  return [...regions];
}

/**
 * What the text holds that a new account may not send: a link (URL, domain or e-mail address) or a phone number — seven
 * digits in a row in any country, or a number of one of `countries` (international ones with their `+` in any case).
 */
function contactIn(text: string, countries: readonly (string | null)[]): 'link' | 'phone' | null {
  const read = undisguise(text);
  if (linkify.find(read).length > 0) return 'link';
  const reading = phoneReading(read);
  if (holdsPhoneDigits(reading)) return 'phone';
  if (isPhoneNumber(findPhoneNumbersInText(reading))) return 'phone';
  for (const defaultCountry of regionsOf(countries)) if (isPhoneNumber(findPhoneNumbersInText(reading, { defaultCountry }))) return 'phone';
  return null;
}

/**
 * Whether the parser found a number someone can be called on: one of at least PHONE_DIGITS digits. The parser also
 * takes a year or a sum of four or five digits for a short local number of some countries ("in 1990" is a German one),
 * which no stranger is asked to call.
 */
const isPhoneNumber = (found: ReturnType<typeof findPhoneNumbersInText>) =>
  found.some((match) => match.number.nationalNumber.length >= PHONE_DIGITS);

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
export async function screenMessage(
  db: Db,
  q: { siteId: number; senderId: number; recipientId: number; text: string; first: boolean },
): Promise<Screened> {
  if (q.text === '') return NOTHING_COUNTED;
  // A reply is only screened for contact details: one without a link or a phone number's digits costs no query.
  if (!q.first && !mayHoldContact(q.text)) return NOTHING_COUNTED;
  const sender = await screeningOf(db, q.siteId, q.senderId, q.recipientId);
  if (!sender) return NOTHING_COUNTED;
  if (sender.young) {
    const kind = contactIn(q.text, [sender.country, sender.recipientCountry, sender.siteCountry]);
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
