import { sql, type Db, type Sql } from '../../lib/db';
import type { NotificationKind } from './types';

/**
 * Recording: a new message, like or match is written as a `notification_events` row in the transaction that made it;
 * after that transaction commits the caller asks the push-notify job to look (`Notifier.kick`), which delivers it
 * (deliver.ts).
 */

/** Asks the push-notify job to look (after the transaction that recorded an event committed). Never throws. */
export interface Notifier {
  kick(): void;
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
