import type { Db } from '../../lib/db';
import { PrivateAddressError } from './allow-list';
import { mailPass } from './deliver-mail';
import * as repo from './repository';
import type { EventRow } from './repository';
import { buildPushRequest } from './sender';
import { message } from '../../lib/messages';
import { toLocale } from './texts';
import type { NotificationKind, NotifyDeps, ProcessResult, PushMessage, PushOptions, PushSubscriptionJson, VapidKeys } from './types';

/**
 * Delivery: the `push-notify` job works off the recorded events (`processNotifications`). A member with a push
 * subscription gets one push per kind at once; a member without one gets — after the mail delay so a burst is one
 * mail, and at most once per member and kind per quiet period — a notification e-mail, if his settings and the
 * disabled reasons allow it (deliver-mail.ts).
 */

/** How long a push service keeps a notification for an offline phone, and how urgently it wakes it. */
const PUSH_DELIVERY: Record<NotificationKind, Omit<PushOptions, 'topic'>> = {
  message: { ttl: 24 * 3600, urgency: 'high' },
  like: { ttl: 3 * 24 * 3600, urgency: 'low' },
  match: { ttl: 3 * 24 * 3600, urgency: 'normal' },
};

interface MemberRow {
  id: number;
  language: string;
  push_previews: boolean;
  unread: number;
  new_likes: number;
}

/** What the member's phone shows for the newest event of a kind: lock-screen safe unless he turned previews on. */
async function pushMessageFor(db: Db, member: MemberRow, event: EventRow): Promise<PushMessage> {
  const locale = toLocale(member.language);
  const badge = member.unread + member.new_likes;
  const url =
    event.kind === 'message'
      ? event.conversation_id
        ? `/chats/${event.conversation_id}`
        : '/chats'
      : event.kind === 'like'
        ? '/likes'
        : '/likes/matches';
  const title = message(locale, `push.${event.kind}.title`);
  const base = { title, body: message(locale, `push.${event.kind}.body`), url, badge, kind: event.kind };
  if (!member.push_previews || event.from_user_id === null) return base;
  const name = await repo.profileName(db, event.from_user_id);
  if (name === null) return base;
  if (event.kind === 'like') return { ...base, body: message(locale, 'push.like.preview', { name }) };
  if (event.kind === 'match') return { ...base, body: message(locale, 'push.match.preview', { name }) };
  const last = await repo.lastMessageFrom(db, event.conversation_id, event.from_user_id);
  const body =
    last?.kind === 'text' && last.body
      ? last.body.length > 120
        ? `${last.body.slice(0, 119)}…`
        : last.body
      : last?.kind === 'gift'
        ? message(locale, 'push.gift.preview', { name })
        : base.body;
  return { ...base, title: name, body };
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

/**
 * A push of another component straight to the member's devices (a test reminder): its own texts, no event, no mail
 * fallback here (the caller decides). True when at least one device's push service took it.
 */
export async function pushToMember(
  deps: NotifyDeps,
  userId: number,
  text: { title: string; body: string; url: string; topic: string; ttlSeconds: number },
): Promise<boolean> {
  const subs = await repo.subscriptionsOf(deps.db, [userId]);
  if (subs.length === 0) return false;
  const vapid = await deps.vapid();
  const counts = await repo.badgeCounts(deps.db, userId);
  const message: PushMessage = {
    title: text.title,
    body: text.body,
    url: text.url,
    badge: counts.unread + counts.new_likes,
    kind: 'reminder',
  };
  const result: ProcessResult = { pushed: 0, mailed: 0, removedSubscriptions: 0 };
  let ok = false;
  for (const sub of subs) {
    if (await sendOne(deps, sub, vapid, message, { ttl: text.ttlSeconds, urgency: 'low', topic: text.topic }, result)) ok = true;
  }
  return ok;
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
