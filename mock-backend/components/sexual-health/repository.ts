import { sql, type Db } from '../../lib/db';

/**
 * SQL of the member's sexual health row (special category data): one row per member while his consent stands, gone
 * when he withdraws it. No statement here joins it into a list of members, and none orders or filters members by it.
 */

type HivStatus = 'negative' | 'positive' | 'positive_undetectable' | 'unknown';
type Visibility = 'nobody' | 'matches' | 'everyone';
export type Reminder = 'off' | '3_months' | '6_months' | '12_months';
type ReminderChannel = 'mail' | 'push';

export interface HealthRow {
  user_id: number;
  consent_at: Date;
  hiv_status: HivStatus | null;
  on_prep: boolean | null;
  /** YYYY-MM-DD (read as text: a date has no time zone). */
  last_test: string | null;
  visibility: Visibility;
  reminder: Reminder;
  reminder_channel: ReminderChannel;
  next_reminder_at: Date | null;
  updated_at: Date;
}

const COLUMNS = sql`user_id, consent_at, hiv_status, on_prep, to_char(last_test, 'YYYY-MM-DD') AS last_test, visibility, reminder,
  reminder_channel, next_reminder_at, updated_at`;

export async function findHealth(db: Db, userId: number): Promise<HealthRow | null> {
  const [row] = await db.query<HealthRow>(sql`SELECT ${COLUMNS} FROM sexual_health WHERE user_id = ${userId}`);
  return row ?? null;
}

/** The row locked for a change (null when he has not consented). */
export async function lockHealth(db: Db, userId: number): Promise<HealthRow | null> {
  const [row] = await db.query<HealthRow>(sql`SELECT ${COLUMNS} FROM sexual_health WHERE user_id = ${userId} FOR UPDATE`);
  return row ?? null;
}

export interface HealthValues {
  hiv_status: HivStatus | null;
  on_prep: boolean | null;
  last_test: string | null;
  visibility: Visibility;
  reminder: Reminder;
  reminder_channel: ReminderChannel;
  next_reminder_at: Date | null;
}

/** Writes the values; the consent's time is set by the first write and kept by every later one. */
export async function upsertHealth(db: Db, userId: number, v: HealthValues): Promise<HealthRow> {
  const [row] = await db.query<HealthRow>(
    sql`INSERT INTO sexual_health (user_id, consent_at, hiv_status, on_prep, last_test, visibility, reminder, reminder_channel, next_reminder_at)
        VALUES (${userId}, now(), ${v.hiv_status}, ${v.on_prep}::boolean, ${v.last_test}::date, ${v.visibility}, ${v.reminder},
          ${v.reminder_channel}, ${v.next_reminder_at}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET hiv_status = EXCLUDED.hiv_status, on_prep = EXCLUDED.on_prep,
          last_test = EXCLUDED.last_test, visibility = EXCLUDED.visibility, reminder = EXCLUDED.reminder,
          reminder_channel = EXCLUDED.reminder_channel, next_reminder_at = EXCLUDED.next_reminder_at, updated_at = now()
        RETURNING ${COLUMNS}`,
  );
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Withdrawn consent: the row goes entirely. True when there was one. */
export async function deleteHealth(db: Db, userId: number): Promise<boolean> {
  const rows = await db.query(sql`DELETE FROM sexual_health WHERE user_id = ${userId} RETURNING 1`);
  return rows.length > 0;
}

/**
 * Whether the two members match: each liked the other himself (a like the site made on a member's behalf, `is_auto`,
 * is not his choice and does not count here).
 */
export async function isMutualLike(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM likes x JOIN likes y ON y.liker_id = x.liked_id AND y.liked_id = x.liker_id
        WHERE x.liker_id = ${a} AND x.liked_id = ${b} AND NOT x.is_auto AND NOT y.is_auto`,
  );
  return rows.length > 0;
}

/** A member whose reminder is due, with what its mail or push needs (never his health values). */
export interface DueReminder {
  user_id: number;
  reminder: Reminder;
  reminder_channel: ReminderChannel;
  next_reminder_at: Date;
  email: string;
  /** Why notification e-mails are stopped (a spam flag, a bounce, a list-unsubscribe): then no reminder mail either. */
  notifications_disabled: string[];
  language: string;
  site_name: string;
  mail_name: string;
  support_email: string;
  domain: string;
  host: string;
  is_default: boolean;
}

/**
 * Claims up to `limit` due reminders of active members (skipping rows another run holds) and moves each one's next
 * reminder on by its interval from now, in the caller's transaction: a reminder is sent at most once per interval.
 */
export async function claimDueReminders(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  return db.query<DueReminder>(
    sql`WITH due AS (
          SELECT h.user_id FROM sexual_health h JOIN users u ON u.id = h.user_id
          WHERE h.next_reminder_at <= ${now}::timestamptz AND h.reminder <> 'off' AND u.status = 'active' AND u.deleted_at IS NULL
          ORDER BY h.next_reminder_at LIMIT ${limit} FOR UPDATE OF h SKIP LOCKED
        ), moved AS (
          UPDATE sexual_health h SET next_reminder_at = ${now}::timestamptz + CASE h.reminder
              WHEN '3_months' THEN interval '3 months' WHEN '6_months' THEN interval '6 months' ELSE interval '12 months' END
          FROM due WHERE h.user_id = due.user_id
          RETURNING h.user_id, h.reminder, h.reminder_channel, h.next_reminder_at
        )
        SELECT m.user_id, m.reminder, m.reminder_channel, m.next_reminder_at, u.email, u.notifications_disabled, u.language, s.name AS site_name, s.mail_name,
          s.support_email, s.domain, s.host, s.is_default
        FROM moved m JOIN users u ON u.id = m.user_id JOIN sites s ON s.id = u.site_id`,
  );
}
