import path from 'node:path';
import type { Logger } from 'pino';
import { processLoginLinkRequests, deleteExpiredTokens, markBounced } from './components/accounts/index';
import { sweepOrphanChatPhotos } from './components/media/index';
import { deleteExpiredFootprints } from './components/footprints/index';
import { sweepOrphanProfilePhotos } from './components/photos/index';
import { voidExpiredReservations } from './components/credits/index';
import { type PaymentProvider, retryPendingRefunds, followUpPayments } from './components/payments/index';
import { createPushJobs, type PushJobOptions, deleteOldNotifications, type Notifier } from './components/push/index';
import { deliverStatements, processDataExports, type TdbTarget } from './components/safety/index';
import { deleteExpiredSessions, deleteStaleDeviceThrottles } from './components/session/index';
import { sendDueReminders } from './components/sexual-health/index';
import { purgeSelfies, sweepOrphanSelfies } from './components/verification/index';
import type { Bus } from './lib/bus';
import type { Db } from './lib/db';
import { backUpRunningSite, jobBackupName, pruneJobBackups } from './lib/embedded-backup';
import { deleteExpiredIdempotencyKeys } from './lib/idempotency';
import { deleteOldMemberEvents } from './lib/live-events';
import { createJobs, type Jobs } from './lib/jobs';
import type { Mailer } from './lib/mail';
import type { MediaStore } from './lib/media-store';
import { createOutbox, deleteOldMail, type Outbox, type OutboxOptions } from './lib/outbox';
import { deleteExpiredLimits } from './lib/rate-limit';
import { statisticsJob } from './lib/statistics';
import { purgeDeletedAccounts } from './use-cases/purge-deleted-accounts';

/**
 * The backend's work outside requests, all of it as pg-boss jobs (lib/jobs.ts) so it runs once however many
 * instances run: the mail outbox, the 14-day purge of deleted accounts, the cleanup of expired rows, the sweep of
 * photo-message files that no row names any more, and the retention purge of verification selfies.
 */

const PURGE_JOB = 'accounts-purge';
const CLEANUP_JOB = 'cleanup';
const EXPIRE_HOLDS_JOB = 'credits-expire-holds';
const PAYMENTS_FOLLOW_UP_JOB = 'payments-follow-up';
const CHAT_PHOTO_SWEEP_JOB = 'chat-photo-sweep';
const DATA_EXPORT_JOB = 'safety-data-export';
const TRANSPARENCY_JOB = 'safety-transparency-delivery';
const SELFIE_PURGE_JOB = 'verification-selfie-purge';
const TEST_REMINDER_JOB = 'sexual-health-test-reminder';
const SITE_BACKUP_JOB = 'site-backup';

/** Backups of the running embedded site (BACKUP_DIR): where, when, how many are kept, and what they hold. */
interface SiteBackupOptions {
  dir: string;
  cron: string;
  keep: number;
  /** The site's DATA_DIR: its photos are in DATA_DIR/media, unless they are in a bucket. */
  dataDir: string;
  mediaInBucket: boolean;
}

export interface BackgroundOptions {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** Photos and photo messages (DATA_DIR/media or an S3 bucket): the purge and the chat-photo sweep delete there. */
  media: MediaStore;
  purgeCron: string;
  cleanupCron: string;
  /** pg-boss's schema (tests give each file its own). */
  jobSchema?: string | undefined;
  outbox?: Pick<OutboxOptions, 'baseDelaySeconds' | 'maxDelaySeconds' | 'leaseSeconds'>;
  /** The payment provider: open payments are fetched and settled, pending refunds sent again (payments-follow-up). */
  payments?: { provider: PaymentProvider; webhookUrl: () => string };
  /** Web Push and notification e-mails (components/push): VAPID keys, the origin of mail links, a fake push service in tests. */
  push?: Omit<PushJobOptions, 'db' | 'logger' | 'jobs' | 'kickOutbox'>;
  /** The DSA Transparency Database the statements of reasons are delivered to (unset: the export endpoint only). */
  transparencyDatabase?: TdbTarget | undefined;
  /** The event bus: a payment the follow-up settles tells the member's open pages at once (else the streams' catch-up). */
  bus?: Bus;
  /** Backups of the running embedded site (BACKUP_DIR); unset: none. */
  backup?: SiteBackupOptions | undefined;
}

export interface Background {
  jobs: Jobs;
  outbox: Outbox;
  /** Tells the push-notify job to look (hand it to the app: chat and likes call it after recording an event). */
  notifier: Notifier;
  /** Tells the data-export job to look (hand it to the app: a member asked for his data). */
  dataExports: { kick(): void };
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createBackground(opts: BackgroundOptions): Background {
  const { db, logger } = opts;
  const jobs = createJobs(db, logger, { schema: opts.jobSchema });
  const outbox = createOutbox({ db, mailer: opts.mailer, jobs, logger, onBounce: (address) => markBounced(db, address), ...opts.outbox });

  // The mail pass first turns asked-for sign-in links into mails (components/accounts/login-link.ts), so the request
  // itself does the same work for every address; the same kick and schedule then send them.
  const accountDeps = { db, logger, outbox, publicUrl: opts.push?.publicUrl ?? 'http://localhost:3000' };
  jobs.define({
    ...outbox.job,
    handler: async (data, job) => {
      const links = await processLoginLinkRequests(accountDeps);
      if (links > 0) logger.info({ links }, 'sign-in links mailed');
      await outbox.job.handler(data, job);
    },
  });
  const push = createPushJobs({ db, logger, jobs, kickOutbox: () => outbox.kick(), publicUrl: 'http://localhost:3000', ...opts.push });
  jobs.define(push.job);
  jobs.define({
    name: PURGE_JOB,
    cron: opts.purgeCron,
    policy: 'singleton',
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    pollingIntervalSeconds: 10,
    handler: async () => {
      const purged = await purgeDeletedAccounts(db, logger, opts.media);
      logger.info({ job: PURGE_JOB, purged }, 'purge of deleted accounts ran');
    },
  });
  jobs.define({
    name: CLEANUP_JOB,
    cron: opts.cleanupCron,
    policy: 'singleton',
    pollingIntervalSeconds: 10,
    handler: async () => {
      const removed = {
        sessions: await deleteExpiredSessions(db),
        deviceThrottles: await deleteStaleDeviceThrottles(db),
        tokens: await deleteExpiredTokens(db),
        rateLimits: await deleteExpiredLimits(db),
        idempotencyKeys: await deleteExpiredIdempotencyKeys(db),
        mails: await deleteOldMail(db),
        notifications: await deleteOldNotifications(db),
        memberEvents: await deleteOldMemberEvents(db),
        footprints: await deleteExpiredFootprints(db),
      };
      logger.info({ removed }, 'expired rows cleaned up');
    },
  });

  const backup = opts.backup;
  if (backup) {
    jobs.define({
      name: SITE_BACKUP_JOB,
      cron: backup.cron,
      policy: 'singleton',
      retryDelaySeconds: 300,
      expireInSeconds: 3600,
      pollingIntervalSeconds: 10,
      handler: async () => {
        const started = performance.now();
        const name = jobBackupName(new Date());
        const result = await backUpRunningSite(db, {
          dataDir: backup.dataDir,
          target: path.join(backup.dir, name),
          mediaInBucket: backup.mediaInBucket,
        });
        const removed = await pruneJobBackups(backup.dir, backup.keep, name);
        logger.info(
          { job: SITE_BACKUP_JOB, backup: name, ...result, removed: removed.length, ms: Math.round(performance.now() - started) },
          'backup of the running site written',
        );
      },
    });
  }

  // Files of photo messages and profile photos are deleted after the commit that removed their rows; what a crash or
  // a store that was down left behind goes here (components/media/chat-photos.ts, components/photos/service.ts).
  // Hourly, at the cleanup's pace or slower.
  jobs.define({
    name: CHAT_PHOTO_SWEEP_JOB,
    cron: '41 * * * *',
    policy: 'singleton',
    pollingIntervalSeconds: 10,
    expireInSeconds: 3600,
    handler: async () => {
      const deleted = await sweepOrphanChatPhotos(db, opts.media, logger);
      const profileFiles = await sweepOrphanProfilePhotos(db, opts.media, logger);
      logger.info({ job: CHAT_PHOTO_SWEEP_JOB, deleted, profileFiles }, 'chat photo sweep ran');
    },
  });

  // Verification selfies are kept until the decision plus VERIFICATION_SELFIE_KEEP_DAYS (components/verification):
  // hourly, the files of those past it are deleted (the decision stays), and the selfie files no request names.
  jobs.define({
    name: SELFIE_PURGE_JOB,
    cron: '23 * * * *',
    policy: 'singleton',
    pollingIntervalSeconds: 10,
    expireInSeconds: 3600,
    handler: async () => {
      const purged = await purgeSelfies(db, opts.media, logger);
      const orphans = await sweepOrphanSelfies(db, opts.media, logger);
      logger.info({ job: SELFIE_PURGE_JOB, purged, orphans }, 'verification selfie purge ran');
    },
  });

  // Test reminders the members asked for (components/sexual-health): hourly, each due one by e-mail or push, and its
  // next date moved on by its interval. Its log line has counts only, never anything of a member's health.
  jobs.define({
    name: TEST_REMINDER_JOB,
    cron: '17 * * * *',
    policy: 'singleton',
    pollingIntervalSeconds: 10,
    expireInSeconds: 3600,
    handler: async () => {
      await sendDueReminders({
        db,
        logger,
        publicUrl: opts.push?.publicUrl ?? 'http://localhost:3000',
        kickOutbox: () => outbox.kick(),
        push: push.direct,
      });
    },
  });

  // Statements of reasons to the DSA Transparency Database (components/safety/transparency-delivery.ts): each once,
  // in batches of 100, every ten minutes; a refused batch fails the job and is sent again by the next pass.
  const tdb = opts.transparencyDatabase;
  if (tdb) {
    jobs.define({
      name: TRANSPARENCY_JOB,
      cron: '*/10 * * * *',
      policy: 'singleton',
      pollingIntervalSeconds: 10,
      expireInSeconds: 3600,
      handler: async () => {
        await deliverStatements(db, logger, tdb);
      },
    });
  }

  // Members' archives of their data (components/safety/data-export.ts): built when asked (kicked), and each minute a
  // pass that also deletes the archives whose 48 hours are over.
  jobs.define({
    name: DATA_EXPORT_JOB,
    cron: '* * * * *',
    policy: 'singleton',
    pollingIntervalSeconds: 2,
    expireInSeconds: 900,
    handler: async () => {
      const built = await processDataExports({
        db,
        media: opts.media,
        logger,
        publicUrl: opts.push?.publicUrl ?? 'http://localhost:3000',
        kickOutbox: () => outbox.kick(),
      });
      if (built > 0) logger.info({ job: DATA_EXPORT_JOB, built }, 'data exports built');
    },
  });

  // The embedded database, or a PostgreSQL server without autovacuum: the backend keeps the planner statistics.
  jobs.define(statisticsJob(db, logger));
  // Credit holds (components/credits/spend.ts) that were neither posted nor voided go back to their lots.
  jobs.define({
    name: EXPIRE_HOLDS_JOB,
    cron: '* * * * *',
    policy: 'singleton',
    pollingIntervalSeconds: 10,
    handler: async () => {
      const voided = await voidExpiredReservations(db);
      if (voided > 0) logger.info({ job: EXPIRE_HOLDS_JOB, voided }, 'expired credit holds voided');
    },
  });

  if (opts.payments) {
    const deps = { db, logger, bus: opts.bus, ...opts.payments };
    jobs.define({
      name: PAYMENTS_FOLLOW_UP_JOB,
      cron: '* * * * *',
      policy: 'singleton',
      pollingIntervalSeconds: 10,
      handler: async () => {
        const payments = await followUpPayments(deps);
        const refunds = await retryPendingRefunds(deps);
        if (payments.checked + payments.expired + refunds > 0)
          logger.info({ job: PAYMENTS_FOLLOW_UP_JOB, ...payments, refunds }, 'payments followed up');
      },
    });
  }

  return {
    jobs,
    outbox,
    notifier: push.notifier,
    dataExports: { kick: () => void jobs.send(DATA_EXPORT_JOB) },
    start: async () => {
      await push.prepare();
      await jobs.start();
    },
    stop: () => jobs.stop(),
  };
}
