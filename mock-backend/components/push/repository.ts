import { sql, type Db, type Sql } from '../../lib/db';
import type { NotificationKind, PushSubscriptionJson } from './types';

export interface EventRow {
  id: string;
  user_id: number;
  kind: NotificationKind;
  from_user_id: number | null;
  conversation_id: number | null;
}

/** Claims up to 200 pending events as 'mail': one whose push is not delivered falls to e-mail (also after a crash). */
export async function claimPendingEvents(db: Db): Promise<EventRow[]> {
  return db.query<EventRow>(
    sql`UPDATE notification_events SET state = 'mail' WHERE id IN (
         SELECT id FROM notification_events WHERE state = 'pending' ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id, kind, from_user_id, conversation_id`,
  );
}

export async function markEventsDone(db: Db, ids: readonly string[]): Promise<void> {
  await db.query(sql`UPDATE notification_events SET state = 'done' WHERE id = ANY(${ids}::bigint[])`);
}

/** The usable push subscriptions of the members (not waiting out a push service's back-off), oldest first. */
export async function subscriptionsOf(
  db: Db,
  userIds: readonly number[],
): Promise<{ id: number; user_id: number; subscription: PushSubscriptionJson }[]> {
  return db.query(
    sql`SELECT id, user_id, subscription FROM push_subscriptions
       WHERE user_id = ANY(${userIds}::int[]) AND (retry_after IS NULL OR retry_after < now()) ORDER BY id`,
  );
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.query(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}

/** The push service asked us to wait: the subscription gets nothing until then. */
export async function backOffSubscription(db: Db, id: number, seconds: number): Promise<void> {
  await db.query(sql`UPDATE push_subscriptions SET retry_after = now() + make_interval(secs => ${seconds}) WHERE id = ${id}`);
}

export async function findPushMember(db: Db, userId: number): Promise<{ id: number; language: string; push_previews: boolean } | null> {
  const [row] = await db.query<{ id: number; language: string; push_previews: boolean }>(
    sql`SELECT id, language, push_previews FROM users WHERE id = ${userId} AND status <> 'deleted'`,
  );
  return row ?? null;
}

/** The numbers of the app badge: unread delivered messages and new likes. */
export async function badgeCounts(db: Db, userId: number): Promise<{ unread: number; new_likes: number }> {
  const [row] = await db.query<{ unread: number; new_likes: number }>(
    sql`SELECT
       (SELECT count(*)::int FROM conversation_members cm JOIN messages m ON m.conversation_id = cm.conversation_id
         WHERE cm.user_id = ${userId} AND m.sender_id <> ${userId} AND NOT m.held AND m.seq > greatest(cm.read_seq, cm.cleared_seq)) AS unread,
       (SELECT count(*)::int FROM likes WHERE liked_id = ${userId} AND is_new) AS new_likes`,
  );
  return row ?? { unread: 0, new_likes: 0 };
}

export async function profileName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.query<{ name: string }>(sql`SELECT name FROM profiles WHERE user_id = ${userId}`);
  return row?.name ?? null;
}

/** The newest delivered message of a sender in a conversation (the preview of a message push). */
export async function lastMessageFrom(
  db: Db,
  conversationId: number | null,
  senderId: number,
): Promise<{ kind: string; body: string } | null> {
  const [row] = await db.query<{ kind: string; body: string }>(
    sql`SELECT kind, body FROM messages WHERE conversation_id = ${conversationId} AND sender_id = ${senderId} AND NOT held
        ORDER BY seq DESC LIMIT 1`,
  );
  return row ?? null;
}

/** Claims up to 1,000 events that found no push and waited `delaySeconds`: they are told by e-mail (or not at all). */
export async function claimMailEvents(db: Db, delaySeconds: number): Promise<{ user_id: number; kind: NotificationKind }[]> {
  return db.query(
    sql`UPDATE notification_events SET state = 'done' WHERE id IN (
       SELECT id FROM notification_events WHERE state = 'mail' AND created_at <= now() - make_interval(secs => ${delaySeconds})
       ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED)
     RETURNING user_id, kind`,
  );
}

/** Seconds until the oldest event still waiting for its mail delay is due, or null when none waits. */
export async function secondsUntilNextMail(db: Db, delaySeconds: number): Promise<number | null> {
  const [row] = await db.query<{ s: number | null }>(
    sql`SELECT EXTRACT(EPOCH FROM min(created_at) + make_interval(secs => ${delaySeconds}) - now())::float8 AS s
          FROM notification_events WHERE state = 'mail'`,
  );
  return row?.s ?? null;
}

export interface MailMember {
  id: number;
  email: string;
  language: string;
  mail_off: string[];
  notifications_disabled: string[];
  site_name: string;
  mail_name: string;
  support_email: string;
  domain: string;
  host: string;
  is_default: boolean;
}

/** An active member with his site, as a notification e-mail needs them. */
export async function findMailMember(db: Db, userId: number): Promise<MailMember | null> {
  const [row] = await db.query<MailMember>(
    sql`SELECT u.id, u.email, u.language, u.mail_off, u.notifications_disabled, s.name AS site_name, s.mail_name, s.support_email,
                s.domain, s.host, s.is_default
         FROM users u JOIN sites s ON s.id = u.site_id
         WHERE u.id = ${userId} AND u.status = 'active' AND u.deleted_at IS NULL`,
  );
  return row ?? null;
}

/** Marks a notification e-mail of the kind as sent now; false when one went out within the last `quietMinutes`. */
export async function claimMailSlot(db: Db, userId: number, kind: string, quietMinutes: number): Promise<boolean> {
  const rows = await db.query(
    sql`INSERT INTO notification_mail_log (user_id, kind, sent_at) VALUES (${userId}, ${kind}, now())
         ON CONFLICT (user_id, kind) DO UPDATE SET sent_at = now()
           WHERE notification_mail_log.sent_at < now() - make_interval(mins => ${quietMinutes})
         RETURNING 1`,
  );
  return rows.length > 0;
}

/** Adds the reason `unsubscribe` to the member's disabled notifications; his site's mail name and his language. */
export async function disableNotifications(db: Db, userId: number): Promise<{ site: string; language: string } | null> {
  const [row] = await db.query<{ site: string; language: string }>(
    sql`UPDATE users u SET notifications_disabled = CASE WHEN 'unsubscribe' = ANY(u.notifications_disabled) THEN u.notifications_disabled
       ELSE array_append(u.notifications_disabled, 'unsubscribe') END, updated_at = now()
     FROM sites s WHERE u.id = ${userId} AND s.id = u.site_id
     RETURNING COALESCE(NULLIF(s.mail_name, ''), s.name) AS site, u.language`,
  );
  return row ?? null;
}

export async function siteAndLanguage(db: Db, userId: number): Promise<{ site: string; language: string } | null> {
  const [row] = await db.query<{ site: string; language: string }>(
    sql`SELECT COALESCE(NULLIF(s.mail_name, ''), s.name) AS site, u.language FROM users u JOIN sites s ON s.id = u.site_id
        WHERE u.id = ${userId}`,
  );
  return row ?? null;
}

export async function readPushPreviews(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query<{ push_previews: boolean }>(sql`SELECT push_previews FROM users WHERE id = ${userId}`);
  return row?.push_previews ?? false;
}

export async function writePushPreviews(db: Db, userId: number, on: boolean): Promise<void> {
  await db.query(sql`UPDATE users SET push_previews = ${on}, updated_at = now() WHERE id = ${userId}`);
}

/** Worked-off events are kept a week for inspection; the quiet-period marks only as long as they matter (cleanup job). */
export async function deleteOldNotifications(db: Db): Promise<number> {
  const events = await db.query(
    sql`DELETE FROM notification_events WHERE state = 'done' AND created_at < now() - interval '7 days' RETURNING 1`,
  );
  const marks = await db.query(sql`DELETE FROM notification_mail_log WHERE sent_at < now() - interval '1 day' RETURNING 1`);
  return events.length + marks.length;
}

/** The site's VAPID key pair, made once (the first instance to ask stores it; the others read that one). */
export async function vapidKeys(
  db: Db,
  fresh: () => { publicKey: string; privateKey: string },
): Promise<{ public_key: string; private_key: string }> {
  const read = () =>
    db.query<{ public_key: string; private_key: string }>(sql`SELECT public_key, private_key FROM push_vapid WHERE id = 1`);
  const [existing] = await read();
  if (existing) return existing;
  const made = fresh();
  await db.query(
    sql`INSERT INTO push_vapid (id, public_key, private_key) VALUES (1, ${made.publicKey}, ${made.privateKey}) ON CONFLICT (id) DO NOTHING`,
  );
  const [row] = await read();
  if (!row) throw new Error('VAPID keys missing');
  return row;
}

export async function publishPublicKey(db: Db, publicKey: string): Promise<void> {
  await db.query(sql`UPDATE sites SET push_public_key = ${publicKey} WHERE push_public_key IS DISTINCT FROM ${publicKey}`);
}

export interface NotificationEvent {
  userId: number;
  kind: NotificationKind;
  fromUserId: number;
  conversationId?: number | null | undefined;
}

/**
 * The INSERT of recordNotification as a statement of its own, for a caller that records the event inside a statement
 * of its own (a chat send writes it together with the conversation's date).
 */
export function notificationInsert(e: NotificationEvent): Sql {
  return sql`INSERT INTO notification_events (user_id, kind, from_user_id, conversation_id)
    VALUES (${e.userId}::int, ${e.kind}, ${e.fromUserId}::int, ${e.conversationId ?? null}::int)`;
}

/** Writes a new message's, like's or match's notification event (in the transaction that made it). */
export async function recordNotification(tx: Db, e: NotificationEvent): Promise<void> {
  await tx.query(notificationInsert(e));
}
