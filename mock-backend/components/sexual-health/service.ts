import type { Schemas } from '../../lib/api-types';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/**
 * Sexual health (HIV status, PrEP, last test), special category data under GDPR art. 9: stored only with the member's
 * explicit consent (the first PUT's `consent: true`), gone entirely when he withdraws it, shown to another member only
 * as his visibility allows, never used to search, filter or rank, and never written to a log, a metric or analytics
 * (no line here names a value; the routes log nothing about it).
 */

export type SexualHealth = Schemas['SexualHealth'];
export type SexualHealthUpdate = Schemas['SexualHealthUpdate'];
export type SexualHealthShown = Schemas['SexualHealthShown'];

const DAY_MS = 24 * 3600 * 1000;
/** The first HIV tests were licensed in 1985; a year before that is surely a typing error. */
const EARLIEST_TEST = '1981-01-01';
const MONTHS: Record<Exclude<repo.Reminder, 'off'>, number> = { '3_months': 3, '6_months': 6, '12_months': 12 };

const NOT_CONSENTED: SexualHealth = {
  consented: false,
  consent_at: null,
  hiv_status: null,
  on_prep: null,
  last_test: null,
  visibility: 'nobody',
  reminder: 'off',
  reminder_channel: 'mail',
  next_reminder_at: null,
};

function toAnswer(row: repo.HealthRow | null): SexualHealth {
  if (!row) return NOT_CONSENTED;
  return {
    consented: true,
    consent_at: new Date(row.consent_at).toISOString(),
    hiv_status: row.hiv_status,
    on_prep: row.on_prep,
    last_test: row.last_test,
    visibility: row.visibility,
    reminder: row.reminder,
    reminder_channel: row.reminder_channel,
    next_reminder_at: row.next_reminder_at ? new Date(row.next_reminder_at).toISOString() : null,
  };
}

export async function getOwn(db: Db, userId: number): Promise<SexualHealth> {
  return toAnswer(await repo.findHealth(db, userId));
}

/** `months` calendar months after the date (UTC; the 31st of a shorter month ends on its last day). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * When the first reminder is due: one interval after the last test (at 10:00 UTC), or after now without a test date;
 * a day from now at the earliest (a test long ago does not send a reminder the minute he saves).
 */
export function firstReminder(reminder: repo.Reminder, lastTest: string | null, now: Date): Date | null {
  if (reminder === 'off') return null;
  const from = lastTest ? new Date(`${lastTest}T10:00:00.000Z`) : now;
  const due = addMonths(from, MONTHS[reminder]);
  return due.getTime() < now.getTime() + DAY_MS ? new Date(now.getTime() + DAY_MS) : due;
}

/** A real calendar date, not after tomorrow (UTC; east of it a member's today is ahead) and not before 1981. */
function checkTestDate(value: string | null | undefined): void {
  if (value === null || value === undefined) return;
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : null;
  const valid = parsed !== null && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  if (!valid || value < EARLIEST_TEST || value > tomorrow) throw new AppError(422, 'invalid_value', { params: { field: 'last_test' } });
}

/**
 * Stores the values: refused with 409 `sexual_health_consent_required` when no consent is stored and none is given
 * (nothing is written then). The reminder's next date moves only when the interval or the test date changed.
 */
export async function putOwn(db: Db, userId: number, body: SexualHealthUpdate, now = new Date()): Promise<SexualHealth> {
  checkTestDate(body.last_test);
  return db.transaction(async (tx) => {
    const stored = await repo.lockHealth(tx, userId);
    if (!stored && body.consent !== true) throw new AppError(409, 'sexual_health_consent_required');
    const merged = {
      hiv_status: body.hiv_status !== undefined ? body.hiv_status : (stored?.hiv_status ?? null),
      on_prep: body.on_prep !== undefined ? body.on_prep : (stored?.on_prep ?? null),
      last_test: body.last_test !== undefined ? body.last_test : (stored?.last_test ?? null),
      visibility: body.visibility ?? stored?.visibility ?? 'nobody',
      reminder: body.reminder ?? stored?.reminder ?? 'off',
      reminder_channel: body.reminder_channel ?? stored?.reminder_channel ?? 'mail',
    } satisfies Omit<repo.HealthValues, 'next_reminder_at'>;
    const unchanged = stored && stored.reminder === merged.reminder && stored.last_test === merged.last_test;
    const next = unchanged ? stored.next_reminder_at : firstReminder(merged.reminder, merged.last_test, now);
    return toAnswer(await repo.upsertHealth(tx, userId, { ...merged, next_reminder_at: next }));
  });
}

/** Withdrawn consent: every value and the reminder are deleted at once. */
export async function withdraw(db: Db, userId: number): Promise<SexualHealth> {
  await repo.deleteHealth(db, userId);
  return NOT_CONSENTED;
}

/**
 * What another member's profile shows of the owner's details, or undefined: the owner always sees his own; a visitor
 * never; a logged-in member when the owner chose `everyone`, or `matches` and the two liked each other.
 */
export async function shownTo(db: Db, ownerId: number, viewerId: number | null): Promise<SexualHealthShown | undefined> {
  if (viewerId === null) return undefined;
  const row = await repo.findHealth(db, ownerId);
  if (!row) return undefined;
  const allowed =
    viewerId === ownerId ||
    row.visibility === 'everyone' ||
    (row.visibility === 'matches' && (await repo.isMutualLike(db, ownerId, viewerId)));
  if (!allowed) return undefined;
  return { hiv_status: row.hiv_status, on_prep: row.on_prep, last_test: row.last_test };
}

/** The member's row for his data export (null when he never consented or withdrew). */
export async function exportOf(db: Db, userId: number): Promise<SexualHealth | null> {
  const row = await repo.findHealth(db, userId);
  return row ? toAnswer(row) : null;
}
