import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string> | undefined;
  messageId?: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when `smtpUrl` is set; otherwise every mail is rendered by nodemailer's stream transport and written as
 * an `.eml` file into `mailDir`, named by time and a random id so files sort in sending order.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; mailDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits, so one unreachable server cannot hold an outbox claim past its lease (lib/outbox.ts).
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail(message);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(opts.mailDir, { recursive: true });
      const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.logger.debug({ file: path.basename(file) }, 'mail written');
    },
  };
}

/** Keeps every mail in memory (tests read the links from it). */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
