import type { Logger } from 'pino';
import { isLocale, type Locale } from '../../../src/shared/locales';
import type { Db } from '../../lib/db';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';
import { message } from '../../lib/messages';
import { enqueueMail } from '../../lib/outbox';
import * as repo from './repository';

/**
 * The test reminder (a job, background.ts): members whose reminder is due get "time for your test" in their language,
 * by e-mail or, when they chose push and a device of theirs takes it, by push (else by e-mail). The texts never name
 * a health value, and nothing about the member's health goes into a log line: only counts.
 */

/** The page where he changes or stops the reminder (the client's route). */
const SEXUAL_HEALTH_PATH = '/sexual-health';
const BATCH = 100;
/** A reminder waiting this long for an offline phone is still worth showing. */
const PUSH_TTL_SECONDS = 3 * 24 * 3600;

/** A push of the reminder's text to the member's devices; true when one took it (components/push `direct`). */
type ReminderPush = (
  userId: number,
  text: { title: string; body: string; url: string; topic: string; ttlSeconds: number },
) => Promise<boolean>;

export interface ReminderDeps {
  db: Db;
  logger: Logger;
  /** PUBLIC_URL: the origin of the default site's links (other sites: their host on it). */
  publicUrl: string;
  kickOutbox: () => void;
  push?: ReminderPush | undefined;
}

const localeOf = (language: string): Locale => (isLocale(language) ? language : 'en');

function siteOrigin(publicUrl: string, r: { host: string; is_default: boolean }): string {
  if (r.is_default) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = r.host;
  return url.origin;
}

/** The reminder mail: that it is time for a test, and the way to change or stop it; never a health value. */
function renderTestReminder(locale: Locale, vars: { site: string; origin: string }): RenderedMail {
  const { site } = vars;
  return renderMail({
    locale,
    subject: message(locale, 'mail.test_reminder.subject', { site }),
    paragraphs: [message(locale, 'mail.test_reminder.intro')],
    button: { label: message(locale, 'mail.test_reminder.action'), href: `${vars.origin}${SEXUAL_HEALTH_PATH}` },
    footer: [{ text: message(locale, 'mail.test_reminder.footer', { site }) }],
    site,
  });
}

/**
 * Sends the due reminders in batches: each batch is claimed and rescheduled (next one interval from now) in one
 * transaction with its mails, so a crash sends none of the batch twice; pushes go after the commit, and a push no
 * device took becomes a mail in a transaction of its own. Answers how many members were reminded.
 */
export async function sendDueReminders(deps: ReminderDeps, now = new Date()): Promise<{ mailed: number; pushed: number }> {
  const { db } = deps;
  let mailed = 0;
  let pushed = 0;
  for (;;) {
    const toPush: repo.DueReminder[] = [];
    const claimed = await db.transaction(async (tx) => {
      const due = await repo.claimDueReminders(tx, now, BATCH);
      for (const r of due) {
        if (r.reminder_channel === 'push' && deps.push) toPush.push(r);
        else if (await mailReminder(deps, tx, r)) mailed += 1;
      }
      return due.length;
    });
    for (const r of toPush) {
      const locale = localeOf(r.language);
      const took = await deps.push!(r.user_id, {
        title: message(locale, 'push.test_reminder.title'),
        body: message(locale, 'push.test_reminder.body'),
        url: SEXUAL_HEALTH_PATH,
        topic: 'test-reminder',
        ttlSeconds: PUSH_TTL_SECONDS,
      });
      if (took) pushed += 1;
      else if (await db.transaction((tx) => mailReminder(deps, tx, r))) mailed += 1;
    }
    if (mailed > 0) deps.kickOutbox();
    if (claimed < BATCH) break;
  }
  if (mailed + pushed > 0) deps.logger.info({ mailed, pushed }, 'test reminders sent');
  return { mailed, pushed };
}

async function mailReminder(deps: ReminderDeps, tx: Db, r: repo.DueReminder): Promise<boolean> {
  // As every notification e-mail: none after a spam flag, a bounce or a list-unsubscribe (its next date moves on).
  if (r.notifications_disabled.length > 0) return false;
  const site = r.mail_name || r.site_name;
  const rendered = renderTestReminder(localeOf(r.language), { site, origin: siteOrigin(deps.publicUrl, r) });
  const from = `"${site.replace(/"/g, '')}" <${r.support_email || `no-reply@${r.domain}`}>`;
  // The topic names the mail's kind for inspection, never anything of his health.
  const id = await enqueueMail(tx, { topic: 'reminder', ref: `user:${r.user_id}`, to: r.email, from, ...rendered });
  return id !== null;
}
