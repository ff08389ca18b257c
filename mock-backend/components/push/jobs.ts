import type { Logger } from 'pino';
import { afterCommit, type Db } from '../../lib/db';
import type { JobDefinition, Jobs } from '../../lib/jobs';
import { lazily } from '../../lib/secrets';
import { httpsTransport } from './sender';
import type { PushTransport } from './types';
import { processNotifications, pushToMember } from './deliver';
import type { Notifier } from './record';
import { secondsUntilNextMail } from './repository';
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
  /** Pushes another component's own text to the member's devices (deliver.ts `pushToMember`); true when one took it. */
  direct: DirectPush;
}

/** A push of another component's text to one member's devices (e.g. a test reminder); true when a device took it. */
type DirectPush = (
  userId: number,
  text: { title: string; body: string; url: string; topic: string; ttlSeconds: number },
) => Promise<boolean>;

/** At most one "push now" job per this many milliseconds per instance (the last kick of a burst is never dropped). */
export const PUSH_KICK_MS = 200;

/**
 * The notifier: asks for the push job now and for a run once the mail delay is over (the one-minute schedule catches
 * up anything lost). A chat send kicks once per message; at 100 messages a second that was two job inserts per
 * message. The queue's `short` policy keeps one queued job anyway, so a burst is coalesced here: the first kick sends
 * at once, further kicks within PUSH_KICK_MS send one job at the end of that window (which sees every event
 * committed before it). The deferred mail job is sent only when none was sent within the mail delay — while one
 * waits in the queue, the `short` policy drops another one anyway.
 */
export function kicker(jobs: Pick<Jobs, 'send'>, mailDelaySeconds: number, windowMs = PUSH_KICK_MS): Notifier {
  let lastPush = Number.NEGATIVE_INFINITY;
  let lastMail = Number.NEGATIVE_INFINITY;
  let trailing: NodeJS.Timeout | null = null;
  const pushNow = () => {
    lastPush = Date.now();
    void jobs.send(PUSH_JOB);
  };
  return {
    kick() {
      afterCommit(kickNow);
    },
  };
  function kickNow(): void {
    const now = Date.now();
    if (now - lastPush >= windowMs) pushNow();
    else if (!trailing) {
      trailing = setTimeout(
        () => {
          trailing = null;
          pushNow();
        },
        windowMs - (now - lastPush),
      );
      trailing.unref();
    }
    if (now - lastMail >= (mailDelaySeconds + 1) * 1000) {
      lastMail = now;
      void jobs.send(PUSH_JOB, {}, { startAfterSeconds: mailDelaySeconds + 1, singletonKey: 'mail' });
    }
  }
}

export function createPushJobs(opts: PushJobOptions): PushJobs {
  const mailDelay = opts.mailDelaySeconds ?? 120;
  const vapid = lazily(() =>
    loadVapidKeys(opts.db, opts.vapid ?? {}, `${opts.publicUrl.startsWith('https:') ? opts.publicUrl : 'mailto:webmaster@localhost'}`),
  );
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
    notifier: kicker(opts.jobs, mailDelay),
    direct: (userId, text) => pushToMember(deps, userId, text),
    job: {
      name: PUSH_JOB,
      policy: 'short',
      cron: '* * * * *',
      retryLimit: 3,
      retryDelaySeconds: 10,
      pollingIntervalSeconds: 1,
      handler: async () => {
        const result = await processNotifications(deps);
        if (result.pushed + result.mailed + result.removedSubscriptions > 0)
          opts.logger.info({ job: PUSH_JOB, ...result }, 'notifications sent');
        // An event that came while the deferred run waited is not due at that run: one more run when it is, instead
        // of the minute's schedule (this run is active, so the queue keeps the new one beside it).
        const next = await secondsUntilNextMail(opts.db, mailDelay);
        if (next !== null)
          await opts.jobs.send(PUSH_JOB, {}, { startAfterSeconds: Math.max(1, Math.ceil(next) + 1), singletonKey: 'mail' });
      },
    },
  };
}
