import type { Logger } from 'pino';
import type { Db } from '../../lib/db';
import type { JobDefinition, Jobs } from '../../lib/jobs';
import { lazily } from '../../lib/secrets';
import { httpsTransport, type PushTransport } from './sender';
import { processNotifications, type Notifier } from './service';
import { loadVapidKeys, publishPublicKey, type VapidConfig } from './vapid';

export const PUSH_JOB = 'push-notify';

export interface PushJobOptions {
  db: Db;
  logger: Logger;
  jobs: Pick<Jobs, 'send'>;
  kickOutbox: () => void;
  publicUrl: string;
  vapid?: VapidConfig;
  /** Where pushes go (default: HTTPS to the checked public address of the endpoint; tests pass a fake push service). */
  transport?: PushTransport;
  mailDelaySeconds?: number;
  quietMinutes?: number;
}

export interface PushJobs {
  job: JobDefinition;
  notifier: Notifier;
  /** Makes sure the VAPID pair exists and every site hands out its public key (at start). */
  prepare(): Promise<void>;
}

export function createPushJobs(opts: PushJobOptions): PushJobs {
  const mailDelay = opts.mailDelaySeconds ?? 120;
  const vapid = lazily(() => loadVapidKeys(opts.db, opts.vapid ?? {}, `${opts.publicUrl.startsWith('https:') ? opts.publicUrl : 'mailto:webmaster@localhost'}`));
  const deps = {
    db: opts.db,
    logger: opts.logger,
    vapid,
    transport: opts.transport ?? httpsTransport(),
    publicUrl: opts.publicUrl,
    kickOutbox: opts.kickOutbox,
    mailDelaySeconds: mailDelay,
    ...(opts.quietMinutes !== undefined ? { quietMinutes: opts.quietMinutes } : {}),
  };
  return {
    async prepare() {
      await publishPublicKey(opts.db, (await vapid()).publicKey);
    },
    notifier: {
      kick() {
        // Now for the pushes; once more when the mail delay is over (the one-minute schedule catches up anything lost).
        void opts.jobs.send(PUSH_JOB);
        void opts.jobs.send(PUSH_JOB, {}, { startAfterSeconds: mailDelay + 1, singletonKey: 'mail' });
      },
    },
    job: {
      name: PUSH_JOB,
      policy: 'short',
      cron: '* * * * *',
      retryLimit: 3,
      retryDelaySeconds: 10,
      pollingIntervalSeconds: 1,
      handler: async () => {
        const result = await processNotifications(deps);
        if (result.pushed + result.mailed + result.removedSubscriptions > 0) opts.logger.info({ job: PUSH_JOB, ...result }, 'notifications sent');
      },
    },
  };
}
