import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Outgoing SMS: to a real gateway (SMS_URL, a JSON POST `{to, text}`), or — by default, like mails — written as a
 * file into DATA_DIR/sms (one `.txt` per message) for development and tests. The text is never logged.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export function createSmsSender(opts: { smsUrl?: string | undefined; smsDir: string; logger: Logger }): SmsSender {
  return {
    async send(to, text) {
      if (opts.smsUrl) {
        const res = await fetch(opts.smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        return;
      }
      await mkdir(opts.smsDir, { recursive: true });
      const file = path.join(opts.smsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`);
      await writeFile(file, `To: ${to}\n\n${text}\n`, { mode: 0o600 });
      opts.logger.info({ file: path.basename(file) }, 'SMS written to the SMS folder');
    },
  };
}
