import { createHash, timingSafeEqual } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Bus } from './bus';
import { sql, type Db } from './db';
import type { Jobs } from './jobs';
import { MIGRATIONS_DIR } from './migrate';
import { handledPathOf } from './operation-router';

/**
 * The backend's probes and metrics, for a load balancer and Prometheus:
 * - `GET /healthz`: the process works (no database, always 200 while it answers);
 * - `GET /readyz`: it can take traffic — database reachable with every migration applied (one cheap query, at most
 *   one a second, never awaited longer than PROBE_WAIT_MS), job workers running, not shutting down; 503 otherwise,
 *   with the failing checks in the body;
 * - `GET /_ops/metrics` with `Authorization: Bearer <OPERATOR_TOKEN>` (the BFF's operator token): Prometheus text —
 *   requests and duration per operation, database pool, jobs per queue, mail outbox backlog, open event streams,
 *   webhook inbox lag, and Node's process metrics. Without OPERATOR_TOKEN it does not exist (404).
 */
const PROBE_WAIT_MS = 40;
const CHECK_EVERY_MS = 1_000;
/** A successful database check older than this no longer counts (the database stopped answering). */
const STALE_AFTER_MS = 5_000;

export interface OpsOptions {
  db: Db;
  bus: Bus;
  jobs: Pick<Jobs, 'running' | 'stats'>;
  token?: string | undefined;
}

export interface BackendOps {
  /** Counts and times every request (mount first). */
  measure(req: Request, res: Response, next: NextFunction): void;
  /** /healthz, /readyz and /_ops/metrics. */
  routes: Router;
  /** Shutting down: /readyz answers 503 from now on. */
  drain(): void;
  readonly registry: Registry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The number of migration files this build knows (the database must have applied at least these). */
function knownMigrations(): number {
  return readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).length;
}

export function createOps(opts: OpsOptions): BackendOps {
  const { db } = opts;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'backend_' });
  const expectedMigrations = knownMigrations();
  let draining = false;

  const requests = new Counter({
    name: 'backend_http_requests_total',
    help: 'Requests by operation (method and route of the API) and status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'backend_http_request_duration_seconds',
    help: 'Time to the end of the answer, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'backend_db_pool_connections',
    help: 'Database connections of this instance by state (in_use, idle, waiting: requests queued for one); PostgreSQL only',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!db.pool) return;
      const total = db.pool.total();
      const idle = db.pool.idle();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, db.pool.waiting());
    },
  });
  const jobsGauge = new Gauge({
    name: 'backend_jobs',
    help: 'Jobs per queue by state (queued, active, failed: kept failures)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const jobsOldest = new Gauge({
    name: 'backend_jobs_oldest_queued_seconds',
    help: 'Age of the oldest due job not yet started, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const outboxGauge = new Gauge({
    name: 'backend_mail_outbox',
    help: 'Mails of the outbox by status (pending: not yet sent; failed: given up)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'backend_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending mail',
    registers: [registry],
  });
  const webhookLag = new Gauge({
    name: 'backend_webhook_inbox_lag_seconds',
    help: 'Age of the oldest open payment the provider has (waiting for its webhook)',
    registers: [registry],
  });
  const webhookLast = new Gauge({
    name: 'backend_webhook_inbox_last_processed_seconds',
    help: 'Seconds since the last payment webhook was processed',
    registers: [registry],
  });
  new Gauge({
    name: 'backend_event_streams_open',
    help: 'Chat event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(opts.bus.size());
    },
  });
  const ready = new Gauge({ name: 'backend_ready', help: '1 when /readyz answers 200', registers: [registry] });
  const scrapeErrors = new Counter({
    name: 'backend_metrics_scrape_errors_total',
    help: 'Scrapes whose database figures could not be read',
    registers: [registry],
  });

  /** The figures that need the database, read once per scrape. */
  async function collectDatabase(): Promise<void> {
    try {
      const [queues, [mail], [webhooks]] = await Promise.all([
        opts.jobs.stats(),
        db.query<{ pending: number; failed: number; oldest: number | null }>(
          sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed,
                  extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest
           FROM mail_outbox WHERE status IN ('pending', 'failed')`,
        ),
        db.query<{ open_oldest: number | null; last: number | null }>(
          sql`SELECT (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM payments WHERE status IN ('open', 'pending') AND provider_payment_id IS NOT NULL) AS open_oldest,
                  (SELECT extract(epoch FROM now() - max(processed_at))::float8 FROM payment_webhook_inbox) AS last`,
        ),
      ]);
      jobsGauge.reset();
      jobsOldest.reset();
      for (const q of queues) {
        jobsGauge.set({ queue: q.queue, state: 'queued' }, q.queued);
        jobsGauge.set({ queue: q.queue, state: 'active' }, q.active);
        jobsGauge.set({ queue: q.queue, state: 'failed' }, q.failed);
        jobsOldest.set({ queue: q.queue }, q.oldestQueuedSeconds);
      }
      outboxGauge.set({ status: 'pending' }, mail?.pending ?? 0);
      outboxGauge.set({ status: 'failed' }, mail?.failed ?? 0);
      outboxOldest.set(Number(mail?.oldest ?? 0));
      webhookLag.set(Number(webhooks?.open_oldest ?? 0));
      if (webhooks?.last !== null && webhooks?.last !== undefined) webhookLast.set(Number(webhooks.last));
    } catch {
      scrapeErrors.inc();
    }
  }

  // Readiness of the database: one query, at most once a second, shared by every probe meanwhile.
  let lastOk = 0;
  let lastProblem: string | null = 'not checked yet';
  let lastStarted = 0;
  let checking: Promise<void> | null = null;
  const check = (): Promise<void> => {
    if (checking) return checking;
    lastStarted = Date.now();
    checking = db
      .query<{ applied: number }>(sql`SELECT count(*)::int AS applied FROM schema_migrations`)
      .then(
        ([row]) => {
          const applied = row?.applied ?? 0;
          lastProblem = applied >= expectedMigrations ? null : `migrations: ${applied} of ${expectedMigrations} applied`;
          if (!lastProblem) lastOk = Date.now();
        },
        () => {
          lastProblem = 'database not reachable';
        },
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const routes = Router();
  routes.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  routes.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (Date.now() - lastStarted >= CHECK_EVERY_MS) {
      const pending = check();
      await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, PROBE_WAIT_MS).unref())]);
    }
    const problems: string[] = [];
    if (draining) problems.push('shutting down');
    if (lastProblem) problems.push(lastProblem);
    else if (Date.now() - lastOk > STALE_AFTER_MS) problems.push('database not answering');
    if (!opts.jobs.running()) problems.push('job workers not running');
    ready.set(problems.length === 0 ? 1 : 0);
    res.status(problems.length === 0 ? 200 : 503).json({ status: problems.length === 0 ? 'ready' : 'not_ready', problems });
  });

  const expected = opts.token ? digest(opts.token) : undefined;
  routes.get('/_ops/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!expected) {
      res.status(404).json({ error: { code: 'not_found', message: 'Not found.' } });
      return;
    }
    if (!match || !timingSafeEqual(digest(match[1] as string), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      res.status(401).json({ error: { code: 'operator_token_required', message: 'This endpoint needs the operator token.' } });
      return;
    }
    await collectDatabase();
    res.setHeader('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  });

  return {
    registry,
    routes,
    drain() {
      draining = true;
      ready.set(0);
    },
    measure(req, res, next) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const route = (req as Request & { route?: { path?: unknown } }).route?.path;
        // A request an operation's handler took (lib/operation-router.ts) has no route of Express: its contract path.
        const handled = handledPathOf(req);
        const operation =
          typeof route === 'string' ? `${req.method} ${req.baseUrl}${route}` : handled ? `${req.method} ${handled}` : 'unmatched';
        requests.inc({ operation, status: String(res.statusCode) });
        duration.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    },
  };
}
