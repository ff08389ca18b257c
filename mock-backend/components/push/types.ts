import type { Logger } from 'pino';
import type { Db } from '../../lib/db';

/** The shapes the push component's modules share (so none of them imports another only for a type). */

/** What a notification event is about. */
export type NotificationKind = 'message' | 'like' | 'match';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services may use (mailto: or https: URL). */
  subject: string;
}

export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads (a path of the site). */
  url: string;
  /** The app badge: unread messages plus new likes. */
  badge: number;
  /** The notification's tag on the device (one per kind); `reminder` for another component's direct push. */
  kind: 'message' | 'like' | 'match' | 'reminder';
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (one notification, not ten). */
  topic: string;
}

/** One encrypted request to a push service, as web-push builds it. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}
export interface PushResponse {
  status: number;
  retryAfterSeconds?: number | undefined;
}
/** Delivers a built request (the default: HTTPS to the checked public address; tests replace it). */
export type PushTransport = (req: PushRequest) => Promise<PushResponse>;

/** What delivering needs: the database, the keys, the way to a push service and the mail outbox. */
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

export interface ProcessResult {
  pushed: number;
  mailed: number;
  removedSubscriptions: number;
}
