/**
 * Recording: a new message, like or match is written as a `notification_events` row in the transaction that made it
 * (repository.ts: `recordNotification`, `notificationInsert`);
 * after that transaction commits the caller asks the push-notify job to look (`Notifier.kick`), which delivers it
 * (deliver.ts).
 */

/** Asks the push-notify job to look (after the transaction that recorded an event committed). Never throws. */
export interface Notifier {
  kick(): void;
}
