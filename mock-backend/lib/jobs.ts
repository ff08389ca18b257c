import { PgBoss, fromPglite, type Job, type QueuePolicy } from 'pg-boss';
import type { Logger } from 'pino';
import { runInWorkContext } from './context';
import { activeTracing } from '../../src/shared/trace-hooks';
import { raw, sql, type Db } from './db';

/**
 * Durable jobs on pg-boss 12, in the backend's own database: pg-boss's PGlite backend on the embedded database,
 * its pooled driver on PostgreSQL. Every instance runs the workers and the cron pass; pg-boss hands a job to one
 * worker only and files one job per schedule slot, so a scheduled job runs once per schedule however many
 * instances run. A failed job is retried with exponential backoff and kept (state `failed`) for inspection.
 *
 * Never call `send` inside a database transaction: on PGlite the transaction holds the one connection that
 * pg-boss needs too. Work that must be durable with a change is written as a row in that change's transaction
 * (the mail outbox) and a job only says "look".
 */

export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T, job: Job<T>) => Promise<void>;
  /** Cron expression (UTC): the job is sent once per occurrence across all instances. */
  cron?: string | undefined;
  /** `singleton`: one job of the queue active at a time across all instances. */
  policy?: QueuePolicy;
  /** Retries after the first attempt, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds?: number;
  /** How often an idle worker looks for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  readonly boss: PgBoss;
  define<T extends object>(definition: JobDefinition<T>): void;
  /** Creates the queues, starts the workers and the schedules of every defined job. */
  start(): Promise<void>;
  /** Sends a job; never throws (a lost trigger is caught up by the job's schedule). */
  send(name: string, data?: object, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<void>;
  stop(): Promise<void>;
  /** Whether the workers run (started and not stopped; false on an instance without workers). */
  running(): boolean;
  /** Per queue: jobs waiting (due or deferred), running, failed (kept), and the age of the oldest due one (metrics). */
  stats(): Promise<QueueStats[]>;
}

interface QueueStats {
  queue: string;
  queued: number;
  active: number;
  failed: number;
  oldestQueuedSeconds: number;
}

export interface JobsOptions {
  /** pg-boss's schema (default `pgboss`; tests give each file its own). */
  schema?: string | undefined;
  /** Run no workers and no cron pass (an instance that only serves requests). */
  workers?: boolean | undefined;
}

function bossFor(db: Db, schema: string): PgBoss {
  const common = { schema, useListenNotify: true, persistWarnings: false } as const;
  if (db.connection.kind === 'pglite') {
    return new PgBoss({ ...common, db: fromPglite(db.connection.pglite), backend: 'pglite' });
  }
  return new PgBoss({ ...common, connectionString: db.connection.connectionString, max: 4, application_name: 'gaydate-jobs' });
}

export function createJobs(db: Db, logger: Logger, opts: JobsOptions = {}): Jobs {
  const schema = opts.schema ?? 'pgboss';
  const boss = bossFor(db, schema);
  const definitions: JobDefinition[] = [];
  let workersRunning = false;
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning: warning.message }, 'job queue warning'));

  return {
    boss,
    define(definition) {
      definitions.push(definition as unknown as JobDefinition);
    },
    async start() {
      await boss.start();
      for (const d of definitions) {
        const options = {
          retryLimit: d.retryLimit ?? 5,
          retryDelay: d.retryDelaySeconds ?? 30,
          retryBackoff: true,
          retryDelayMax: 3600,
          expireInSeconds: d.expireInSeconds ?? 900,
          // Failed jobs stay 30 days for inspection; completed ones 7 days.
          retentionSeconds: 30 * 86_400,
          deleteAfterSeconds: 7 * 86_400,
          notify: true,
        };
        // create_queue does nothing for a queue that exists (instances starting together); the update then applies
        // changed retry settings. A queue's policy is fixed at creation.
        await boss.createQueue(d.name, { ...options, policy: d.policy ?? 'standard' });
        await boss.updateQueue(d.name, options);
      }
      if (opts.workers === false) return;
      for (const d of definitions) {
        // NOTIFY wakes a worker for a job due now; a deferred job (a retry with startAfter) is found by polling, so the
        // poll stays as frequent with NOTIFY as without.
        const every = d.pollingIntervalSeconds ?? 2;
        await boss.work<object>(
          d.name,
          { batchSize: 1, pollingIntervalSeconds: every, notifyPollingIntervalSeconds: every },
          // In the job's own context: its lines carry its `jobId` and never a request's id, whatever woke the worker.
          async ([job]) => {
            if (!job) return;
            const tracing = activeTracing();
            const run = () => d.handler(job.data ?? {}, job);
            await runInWorkContext({ jobId: job.id }, async () => {
              const started = performance.now();
              try {
                // A trace of its own per run when tracing is on (the job's data is never recorded).
                await (tracing ? tracing.job(d.name, job.id, job.retryCount, run) : run());
                logger.debug({ job: d.name, id: job.id, ms: Math.round(performance.now() - started) }, 'job done');
              } catch (err) {
                logger.warn({ err, job: d.name, id: job.id, retry: job.retryCount }, 'job failed; pg-boss retries it with backoff');
                throw err;
              }
            });
          },
        );
        if (d.cron) await boss.schedule(d.name, d.cron, null, { tz: 'UTC' });
        else await boss.unschedule(d.name);
      }
      workersRunning = true;
    },
    async send(name, data = {}, options = {}) {
      try {
        await boss.send(name, data, {
          ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        });
      } catch (err) {
        logger.warn({ err, job: name }, 'could not send a job; its schedule catches up');
      }
    },
    async stop() {
      workersRunning = false;
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
    running: () => workersRunning,
    async stats() {
      const [queues, oldest] = await Promise.all([
        boss.getQueues(definitions.map((d) => d.name)),
        db.query<{ name: string; seconds: number }>(
          sql`SELECT name, extract(epoch FROM now() - min(created_on))::float8 AS seconds FROM ${raw(schema)}.job
           WHERE state = 'created' AND start_after <= now() GROUP BY name`,
        ),
      ]);
      const age = new Map(oldest.map((r) => [r.name, Number(r.seconds)]));
      return queues.map((q) => ({
        queue: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        failed: q.failedCount,
        oldestQueuedSeconds: age.get(q.name) ?? 0,
      }));
    },
  };
}
