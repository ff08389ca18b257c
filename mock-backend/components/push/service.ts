import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { isLocale, type Locale } from '../../../src/shared/locales';
import type { Db } from '../../lib/db';
import * as repo from './repository';
import type { EventRow, MailMember, NotificationKind } from './repository';
import { enqueueMail, undeliverable } from '../../lib/outbox';
import { lazily, loadSecretKey } from '../../lib/secrets';
import { PrivateAddressError } from './allow-list';
import { buildPushRequest, type PushMessage, type PushOptions, type PushSubscriptionJson, type PushTransport } from './sender';
import { fill, MAIL_TEXTS, PUSH_TEXTS } from './texts';
import type { VapidKeys } from './vapid';
import { escapeHtml } from '../../../src/shared/html';

/**
 * A new message, like or match is written as a `notification_events` row in the transaction that made it
 * (`recordNotification`), and the `push-notify` job works them off (`processNotifications`): a member with a push
 * subscription gets one push per kind at once; a member without one gets — after MAIL_DELAY so a burst is one mail,
 * and at most once per member and kind per quiet period — a notification e-mail, if his settings and the
 * disabled reasons allow it.
 */

export type { NotificationKind } from './repository';

/** Asks the push-notify job to look (after the transaction that recorded an event committed). Never throws. */
export interface Notifier {
  kick(): void;
}

/** How long a push service keeps a notification for an offline phone, and how urgently it wakes it. */
export const PUSH_DELIVERY: Record<NotificationKind, Omit<PushOptions, 'topic'>> = {
  message: { ttl: 24 * 3600, urgency: 'high' },
  like: { ttl: 3 * 24 * 3600, urgency: 'low' },
  match: { ttl: 3 * 24 * 3600, urgency: 'normal' },
};

const MAIL_KIND: Record<NotificationKind, 'messages' | 'likes' | 'matches'> = { message: 'messages', like: 'likes', match: 'matches' };
const MAIL_PATH: Record<'messages' | 'likes' | 'matches', string> = { messages: '/chats', likes: '/likes', matches: '/likes/matches' };

export interface NotifyDeps {
  db: Db;
  logger: Logger;
  vapid: () => Promise<VapidKeys>;
  transport: PushTransport;
  /** PUBLIC_URL: the origin of links in mails. */
  publicUrl: string;
  /** Asks the mail outbox to send. */
  kickOutbox: () => void;
  /** Events wait this long before a mail, so a burst becomes one mail (default 120 s). */
  mailDelaySeconds?: number;
  /** At most one mail per member and kind in this period (default 30 min). */
  quietMinutes?: number;
}

interface MemberRow {
  id: number;
  language: string;
  push_previews: boolean;
  unread: number;
  new_likes: number;
}

const toLocale = (language: string): Locale => (isLocale(language) ? language : 'en');

/** What the member's phone shows for the newest event of a kind: lock-screen safe unless he turned previews on. */
async function pushMessageFor(db: Db, member: MemberRow, event: EventRow): Promise<PushMessage> {
  const t = PUSH_TEXTS[toLocale(member.language)];
  const badge = member.unread + member.new_likes;
  const url =
    event.kind === 'message'
      ? event.conversation_id
        ? `/chats/${event.conversation_id}`
        : '/chats'
      : event.kind === 'like'
        ? '/likes'
        : '/likes/matches';
  const base = { ...t[event.kind], url, badge, kind: event.kind };
  if (!member.push_previews || event.from_user_id === null) return base;
  const name = await repo.profileName(db, event.from_user_id);
  if (name === null) return base;
  if (event.kind === 'like') return { ...base, body: fill(t.likePreview, { name }) };
  if (event.kind === 'match') return { ...base, body: fill(t.matchPreview, { name }) };
  const last = await repo.lastMessageFrom(db, event.conversation_id, event.from_user_id);
  const body =
    last?.kind === 'text' && last.body
      ? last.body.length > 120
        ? `${last.body.slice(0, 119)}…`
        : last.body
      : last?.kind === 'gift'
        ? fill(t.giftPreview, { name })
        : base.body;
  return { ...base, title: name, body };
}

export interface ProcessResult {
  pushed: number;
  mailed: number;
  removedSubscriptions: number;
}

/** Sends the pushes of new events, then the mails of events that found no push and waited out the delay. */
export async function processNotifications(deps: NotifyDeps): Promise<ProcessResult> {
  const result: ProcessResult = { pushed: 0, mailed: 0, removedSubscriptions: 0 };
  await pushPass(deps, result);
  await mailPass(deps, result);
  return result;
}

async function pushPass(deps: NotifyDeps, result: ProcessResult): Promise<void> {
  const { db, logger } = deps;
  for (;;) {
    // Claimed as 'mail': an event whose push is not delivered (no subscription, all failed, a crash) falls to e-mail.
    const events = await repo.claimPendingEvents(db);
    if (events.length === 0) return;
    const byUser = new Map<number, EventRow[]>();
    for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
    // The subscriptions of the whole batch in one query (most members have none: their events fall to e-mail).
    const allSubs = await repo.subscriptionsOf(db, [...byUser.keys()]);
    const subsOf = new Map<number, { id: number; subscription: PushSubscriptionJson }[]>();
    for (const { user_id: userId, ...sub } of allSubs) subsOf.set(userId, [...(subsOf.get(userId) ?? []), sub]);
    for (const [userId, list] of byUser) {
      const subs = subsOf.get(userId) ?? [];
      if (subs.length === 0) continue;
      const user = await repo.findPushMember(db, userId);
      if (!user) continue;
      const member: MemberRow = { ...user, ...(await repo.badgeCounts(db, userId)) };
      const vapid = await deps.vapid();
      // One push per kind: the newest event of the kind stands for the others (and the topic replaces older ones).
      const newest = new Map<NotificationKind, EventRow>();
      for (const e of list) newest.set(e.kind, e);
      const delivered: string[] = [];
      for (const [kind, event] of newest) {
        const message = await pushMessageFor(db, member, event);
        let ok = false;
        for (const sub of subs) {
          if (await sendOne(deps, sub, vapid, message, { ...PUSH_DELIVERY[kind], topic: kind }, result)) ok = true;
        }
        if (ok) {
          result.pushed += 1;
          delivered.push(...list.filter((e) => e.kind === kind).map((e) => e.id));
        }
      }
      if (delivered.length > 0) await repo.markEventsDone(db, delivered);
      logger.debug({ userId, kinds: [...newest.keys()], delivered: delivered.length }, 'push notifications sent');
    }
  }
}

async function sendOne(
  deps: NotifyDeps,
  sub: { id: number; subscription: PushSubscriptionJson },
  vapid: VapidKeys,
  message: PushMessage,
  options: PushOptions,
  result: ProcessResult,
): Promise<boolean> {
  const { db, logger } = deps;
  try {
    const res = await deps.transport(buildPushRequest(vapid, sub.subscription, message, options));
    if (res.status >= 200 && res.status < 300) return true;
    if (res.status === 404 || res.status === 410) {
      // The subscription is gone (the member unsubscribed or the browser dropped it): never send to it again.
      await repo.deleteSubscription(db, sub.id);
      result.removedSubscriptions += 1;
      logger.info({ subscription: sub.id, status: res.status }, 'push subscription expired; removed');
      return false;
    }
    if (res.status === 429) {
      const wait = Math.min(Math.max(res.retryAfterSeconds ?? 60, 10), 3600);
      await repo.backOffSubscription(db, sub.id, wait);
      logger.warn({ subscription: sub.id, retryAfterSeconds: wait }, 'push service rate-limited us; backing off');
      return false;
    }
    logger.warn({ subscription: sub.id, status: res.status }, 'push not accepted');
    return false;
  } catch (err) {
    if (err instanceof PrivateAddressError) {
      await repo.deleteSubscription(db, sub.id);
      result.removedSubscriptions += 1;
      logger.warn({ subscription: sub.id }, 'push endpoint resolves to a private address; subscription removed');
      return false;
    }
    logger.warn({ subscription: sub.id, err: err instanceof Error ? err.message : String(err) }, 'push failed');
    return false;
  }
}

async function mailPass(deps: NotifyDeps, result: ProcessResult): Promise<void> {
  const { db } = deps;
  const delay = deps.mailDelaySeconds ?? 120;
  const quiet = deps.quietMinutes ?? 30;
  const due = await repo.claimMailEvents(db, delay);
  const seen = new Set<string>();
  let queued = 0;
  // The link key is loaded before any transaction: on PGlite a transaction holds the one connection.
  if (due.length > 0) await keyOf(db);
  for (const { user_id: userId, kind } of due) {
    const mailKind = MAIL_KIND[kind];
    if (seen.has(`${userId}:${mailKind}`)) continue;
    seen.add(`${userId}:${mailKind}`);
    const sent = await db.transaction(async (tx) => {
      const m = await repo.findMailMember(tx, userId);
      // A spam flag, a bounce or a list-unsubscribe stops every notification e-mail; the member's kinds too.
      if (!m || m.notifications_disabled.length > 0 || m.mail_off.includes(mailKind) || undeliverable(m.email)) return false;
      // Read or seen in the meantime: nothing to tell.
      const counts = await repo.badgeCounts(tx, userId);
      if ((mailKind === 'messages' && counts.unread === 0) || (mailKind === 'likes' && counts.new_likes === 0)) return false;
      if (!(await repo.claimMailSlot(tx, userId, mailKind, quiet))) return false;
      await enqueueNotificationMail(deps, tx, m, mailKind);
      return true;
    });
    if (sent) queued += 1;
  }
  result.mailed += queued;
  if (queued > 0) deps.kickOutbox();
}

function siteOrigin(publicUrl: string, m: { host: string; is_default: boolean }): string {
  if (m.is_default) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = m.host;
  return url.origin;
}

async function enqueueNotificationMail(deps: NotifyDeps, tx: Db, m: MailMember, kind: 'messages' | 'likes' | 'matches'): Promise<void> {
  const locale = toLocale(m.language);
  const t = MAIL_TEXTS[locale];
  const site = m.mail_name || m.site_name;
  const origin = siteOrigin(deps.publicUrl, m);
  const link = `${origin}${MAIL_PATH[kind]}`;
  const unsubscribe = `${origin}/api/unsubscribe.php?token=${encodeURIComponent(await unsubscribeToken(deps.db, m.id))}`; // key cached (mailPass)
  const subject = fill(t[kind].subject, { site });
  const intro = fill(t[kind].intro, { site });
  const text = `${intro}\n\n${t[kind].action}: ${link}\n\n${t.footer}\n${t.unsubscribe}: ${unsubscribe}\n\n${site}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#f47c20;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t[kind].action)}</a></p>
<p style="color:#555;font-size:0.9em">${escapeHtml(t.footer)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t.unsubscribe)}</a></p>
<p>${escapeHtml(site)}</p>
</body></html>`;
  const fromAddress = m.support_email || `no-reply@${m.domain}`;
  await enqueueMail(tx, {
    topic: `notify_${kind}`,
    ref: `user:${m.id}`,
    to: m.email,
    from: `"${site.replace(/"/g, '')}" <${fromAddress}>`,
    subject,
    text,
    html,
    // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the https URL; no login needed.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

const unsubscribeKey = new WeakMap<Db, () => Promise<Buffer>>();
function keyOf(db: Db): Promise<Buffer> {
  let load = unsubscribeKey.get(db);
  if (!load) {
    load = lazily(() => loadSecretKey(db, 'unsubscribe_link'));
    unsubscribeKey.set(db, load);
  }
  return load();
}

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
