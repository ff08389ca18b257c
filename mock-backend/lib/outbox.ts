import type { Logger } from 'pino';
import { afterCommit, sql, type Db } from './db';
import { faultPoint } from './fault-injection';
import type { JobDefinition, Jobs } from './jobs';
import type { Mailer, MailMessage } from './mail';

/**
 * The transactional mail outbox. A service writes each mail as a row of `mail_outbox` in the transaction of the
 * change that causes it (`enqueueMail`), so a mail exists exactly when its change does. The `mail-outbox` job
 * sends the rows: it claims due rows with a lease (one instance per row), sends each, and records the outcome;
 * a failed send is tried again with exponential backoff and given up after MAIL_MAX_ATTEMPTS, keeping the reason.
 * After its transaction commits a service calls `kick()` so the job looks at once; the job's one-minute schedule
 * picks up anything a lost kick or a crash left behind.
 */

const MAIL_JOB = 'mail-outbox';
export const MAIL_MAX_ATTEMPTS = 8;

export interface OutboxMail extends MailMessage {
  /** What the mail is about (`activate`, `complaint`, …), for inspection. */
  topic: string;
  /** The row it belongs to, e.g. `complaint:12`. */
  ref?: string | undefined;
}

/**
 * The addresses this backend writes in place of a real one — purged accounts', decoy signups' and members learnt from
 * the PHP service whose address is not known yet (under RFC 2606's reserved `.invalid`): nothing is ever sent to them.
 */
export const undeliverable = (address: string): boolean => /@(purged|signup|legacy)\.invalid>?$/i.test(address.trim());

/** The placeholder address of a member learnt from the PHP service before his own address is known. */
export const legacyPlaceholderEmail = (userId: number): string => `member-${userId}@legacy.invalid`;

/** Whether an address is such a placeholder: the member has no address yet (none is shown, none is mailed). */
export const isLegacyPlaceholder = (address: string): boolean => /@legacy\.invalid$/i.test(address);

/** Writes the mail into the outbox inside `tx`; a mail to an undeliverable address is dropped (answers null). */
export async function enqueueMail(tx: Db, mail: OutboxMail): Promise<number | null> {
  if (undeliverable(mail.to)) return null;
  const [row] = await tx.query<{ id: string }>(
    sql`INSERT INTO mail_outbox (topic, ref, to_address, from_address, subject, text_body, html_body, headers)
     VALUES (${mail.topic}, ${mail.ref ?? null}, ${mail.to}, ${mail.from}, ${mail.subject}, ${mail.text}, ${mail.html},
       ${JSON.stringify(mail.headers ?? {})}) RETURNING id`,
  );
  return Number(row?.id);
}

export interface Outbox {
  /** Asks the mail job to look now; call after the transaction that enqueued mail committed. Never throws. */
  kick(): void;
  /** Sends every due mail (what the job runs). */
  drain(): Promise<DrainResult>;
  /** The job to register with `jobs.define`. */
  readonly job: JobDefinition;
}

interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  jobs: Pick<Jobs, 'send'>;
  logger: Logger;
  /** First retry delay; doubles per attempt up to `maxDelaySeconds` (defaults 30 s and 6 h). */
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
  /** How long one instance holds a claimed row before another may take it (default 120 s). */
  leaseSeconds?: number;
  /**
   * Called when the receiving server refuses the recipient for good (SMTP 550/551/553 to RCPT TO): the address
   * bounces, so the mail is given up at once and the owner of the address is told (the "bounce" reason).
   */
  onBounce?: (address: string) => Promise<void>;
}

interface OutboxRow {
  id: string;
  topic: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

const BATCH = 20;

/** A permanent refusal of the recipient (not of the sender, the size or the login): retrying cannot help. */
function isRecipientBounce(err: unknown): boolean {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const refusedRecipient = e.command === 'RCPT TO' || e.code === 'EENVELOPE';
  return refusedRecipient && (e.responseCode === 550 || e.responseCode === 551 || e.responseCode === 553);
}

/** Why a send failed, without the addresses an SMTP answer may quote. */
function reason(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e.code, e.responseCode].filter((p) => p !== undefined).map(String);
  const message = typeof e.message === 'string' ? e.message.replace(/<?[^\s<>@]+@[^\s<>]+>?/g, '<address>').slice(0, 300) : '';
  return [parts.join(' '), message].filter(Boolean).join(': ') || 'unknown error';
}

export function createOutbox(opts: OutboxOptions): Outbox {
  const { db, mailer, logger } = opts;
  const base = opts.baseDelaySeconds ?? 30;
  const max = opts.maxDelaySeconds ?? 6 * 3600;
  const lease = opts.leaseSeconds ?? 120;

  const claim = () =>
    db.query<OutboxRow>(
      sql`UPDATE mail_outbox SET claimed_until = now() + make_interval(secs => ${lease}), attempts = attempts + 1, updated_at = now()
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, topic, to_address, from_address, subject, text_body, html_body, headers, attempts`,
    );

  async function sendOne(row: OutboxRow, result: DrainResult): Promise<void> {
    try {
      await mailer.send({
        to: row.to_address,
        from: row.from_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers,
        // One Message-ID per outbox row: should a crash between sending and recording repeat a send, receivers see one mail.
        messageId: `<outbox-${row.id}.${row.from_address.replace(/^.*@|>$/g, '') || 'localhost'}>`,
      });
      faultPoint('outbox-after-send');
      await db.query(
        sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), claimed_until = NULL, last_error = NULL, updated_at = now()
            WHERE id = ${row.id}`,
      );
      result.sent += 1;
      logger.info({ outbox: row.id, topic: row.topic, attempt: row.attempts }, 'mail sent');
    } catch (err) {
      const why = reason(err);
      if (isRecipientBounce(err)) {
        await db.query(
          sql`UPDATE mail_outbox SET status = 'failed', claimed_until = NULL, last_error = ${why}, updated_at = now() WHERE id = ${row.id}`,
        );
        result.failed += 1;
        logger.warn({ outbox: row.id, topic: row.topic, attempt: row.attempts, reason: why }, 'mail bounced: recipient refused');
        await opts.onBounce?.(row.to_address);
        return;
      }
      if (row.attempts >= MAIL_MAX_ATTEMPTS) {
        await db.query(
          sql`UPDATE mail_outbox SET status = 'failed', claimed_until = NULL, last_error = ${why}, updated_at = now() WHERE id = ${row.id}`,
        );
        result.failed += 1;
        logger.error({ outbox: row.id, topic: row.topic, attempts: row.attempts, reason: why }, 'mail given up');
        return;
      }
      const delay = Math.min(max, base * 2 ** (row.attempts - 1));
      await db.query(
        sql`UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => ${delay}), claimed_until = NULL, last_error = ${why},
            updated_at = now() WHERE id = ${row.id}`,
      );
      result.retrying += 1;
      logger.warn(
        { outbox: row.id, topic: row.topic, attempt: row.attempts, retryInSeconds: delay, reason: why },
        'mail not sent; will retry',
      );
      await opts.jobs.send(MAIL_JOB, {}, { startAfterSeconds: delay, singletonKey: 'retry' });
    }
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return result;
      for (const row of rows) await sendOne(row, result);
    }
  }

  return {
    kick() {
      afterCommit(() => void opts.jobs.send(MAIL_JOB));
    },
    drain,
    job: {
      name: MAIL_JOB,
      // `short`: at most one queued job per key, so a burst of kicks is one drain (retries queue under their own key).
      policy: 'short',
      cron: '* * * * *',
      retryLimit: 3,
      retryDelaySeconds: 10,
      pollingIntervalSeconds: 1,
      handler: async () => {
        await drain();
      },
    },
  };
}

/** Sent mails are kept 30 days for inspection, failed ones 90 (the cleanup job). */
export async function deleteOldMail(db: Db): Promise<number> {
  const rows = await db.query(
    sql`DELETE FROM mail_outbox WHERE (status = 'sent' AND sent_at < now() - interval '30 days')
        OR (status = 'failed' AND updated_at < now() - interval '90 days') RETURNING 1`,
  );
  return rows.length;
}
