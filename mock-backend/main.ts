import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from './app';
import { createBackground, type Background } from './background';
import { createLegacyClient } from './components/legacy/index';
import { createAssertionVerifier, parseVerifyKeys } from '../src/shared/member-assertion';
import { setUpProvider, WEBHOOK_PATH } from './components/payments/index';
import { configurePushHosts, parsePushHosts } from './components/push/index';
import { parseConfig, wantsDemoSeed } from './lib/config';
import { createBus, type Bus } from './lib/bus';
import { createPgDb, createPgliteDb, type Db } from './lib/db';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mail';
import { mediaStoreFromConfig, type MediaStore } from './lib/media-store';
import { migrate } from './lib/migrate';
import { createOps, type BackendOps } from './lib/ops';
import { refreshStatisticsAtStart } from './lib/statistics';
import { openGeoIp } from './lib/geoip';
import { createSmsSender } from './lib/sms';
import { connectionDrain } from '../src/shared/connection-drain';
import { keepIdleConnectionsOpen } from '../src/shared/keep-alive';
import { BACKEND_HEAP_GROWING_PERCENT, limitHeapGrowth } from '../src/shared/heap-growth';
import { logProcessWarnings } from '../src/shared/process-warnings';
import { NO_ERROR_REPORTS, reportCrashes, startErrorReports, type ErrorReports } from '../src/shared/error-reports';
import { startTracing, type TracingHandle } from '../src/shared/trace-hooks';

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const config = parsed.config;
/** LIBRARY_INTERNALS, read once: whether the database adapter takes its measured paths through libraries' private code. */
const dbOptions = { libraryInternals: config.LIBRARY_INTERNALS === 'on' };
const logger = createLogger(config.LOG_LEVEL);
logProcessWarnings(logger);
limitHeapGrowth(BACKEND_HEAP_GROWING_PERCENT);
// libvips keeps up to 50 MB of recent operations for reuse; every photo is processed once, so nothing would reuse them.
sharp.cache(false);

/** Set in the environment of the short-lived process that makes a new embedded database (prepareNewDatabaseApart). */
const PREPARE_ONLY_ENV = 'BACKEND_PREPARE_NEW_DATABASE';

/** Where photos live: the bucket when S3_BUCKET is set, else DATA_DIR/media (lib/media-store.ts). */
async function openMedia(dataDir: string): Promise<MediaStore> {
  const mediaDir = path.join(dataDir, 'media');
  const media = mediaStoreFromConfig(config, mediaDir);
  await mkdir(media.kind === 'disk' ? mediaDir : dataDir, { recursive: true });
  return media;
}

/**
 * Applies the migrations this build has and, on a new database, the demo seed (unless DEMO_SEED=false). The seed is
 * loaded only then: it and the demo data generator (faker, a development dependency, which the server build bundles
 * into the seed's own bundle) are not loaded by a backend that opens an existing database, and production's
 * node_modules does not need them.
 */
async function prepareDatabase(db: Db, media: MediaStore): Promise<void> {
  // Instances starting together on one PostgreSQL: the first migrates (and seeds) under an advisory lock, the others wait.
  const wantSeed = wantsDemoSeed(config);
  let seeded = 0;
  const { applied, fresh } = await migrate(db, async (tx) => {
    if (!wantSeed) return;
    const { seed } = await import('./seed/seed');
    seeded = (await seed(tx, { media })).members;
  });
  await refreshStatisticsAtStart(db, applied.length > 0 || seeded > 0);
  logger.info({ applied, fresh, database: db.dialect, seededMembers: seeded, media: media.kind }, 'database ready');
}

/**
 * A new embedded database is made — migrated and seeded — by a short-lived copy of this process, which then exits;
 * the server opens it afterwards, as it opens an existing one. The seed's garbage goes with that process: PGlite's
 * WebAssembly memory, which grew to about 460 MiB while the demo members were written and never shrinks, and malloc's
 * heap after the photos (a backend that had seeded in its own process stayed at about 440 MiB under load, one started on
 * the same database at about 400). On PostgreSQL, or on an existing database, nothing happens here.
 */
async function prepareNewDatabaseApart(dbDir: string): Promise<void> {
  if (config.DATABASE_URL || existsSync(path.join(dbDir, 'PG_VERSION'))) return;
  const entry = process.argv[1];
  if (!entry) return;
  const child = fork(entry, process.argv.slice(2), {
    execArgv: process.execArgv,
    env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.once('error', reject);
  });
  if (code !== 0) throw new Error(`making the new database failed (its process exited with ${code})`);
}

/** What the short-lived process of prepareNewDatabaseApart does. */
async function prepareOnly(): Promise<void> {
  const dataDir = path.resolve(config.DATA_DIR);
  const media = await openMedia(dataDir);
  const db = await createPgliteDb(path.join(dataDir, 'db'), undefined, dbOptions);
  try {
    await prepareDatabase(db, media);
  } finally {
    await db.close();
  }
}

async function start(errorReports: ErrorReports): Promise<{
  server: Server;
  connections: { drain(): void };
  db: Db;
  background: Background;
  bus: Bus;
  ops: BackendOps;
}> {
  const started = performance.now();
  const dataDir = path.resolve(config.DATA_DIR);
  const media = await openMedia(dataDir);
  const dbDir = path.join(dataDir, 'db');
  await prepareNewDatabaseApart(dbDir);
  const db = config.DATABASE_URL ? createPgDb(config.DATABASE_URL, dbOptions) : await createPgliteDb(dbDir, undefined, dbOptions);
  await prepareDatabase(db, media);

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, mailDir: path.join(dataDir, 'mail'), logger });
  // The payment provider (the PSP simulator as its own process unless PSP_URL names one); it posts webhooks to us.
  const { provider } = await setUpProvider(config, dataDir, logger);
  let listeningPort = config.PORT;
  const webhookHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const payments = { provider, webhookUrl: () => config.PAYMENT_WEBHOOK_URL ?? `http://${webhookHost}:${listeningPort}${WEBHOOK_PATH}` };
  configurePushHosts(parsePushHosts(config.PUSH_ALLOWED_HOSTS));
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const push = {
    publicUrl,
    vapid: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT },
  };
  const bus = createBus(db, logger);
  const background = createBackground({
    db,
    logger,
    mailer,
    media,
    purgeCron: config.PURGE_CRON,
    cleanupCron: config.CLEANUP_CRON,
    payments,
    push,
    bus,
    transparencyDatabase: config.DSA_TDB_URL && config.DSA_TDB_TOKEN ? { url: config.DSA_TDB_URL, token: config.DSA_TDB_TOKEN } : undefined,
    backup: config.BACKUP_DIR
      ? {
          dir: path.resolve(config.BACKUP_DIR),
          cron: config.BACKUP_CRON,
          keep: config.BACKUP_KEEP,
          dataDir,
          mediaInBucket: Boolean(config.S3_BUCKET),
        }
      : undefined,
  });
  await background.start();

  const geoip = await openGeoIp(config.GEOIP_DB);
  const ops = createOps({ db, bus, jobs: background.jobs, token: config.OPERATOR_TOKEN });
  const app = createApp({
    db,
    bus,
    ops,
    logger,
    media,
    dataDir,
    outbox: background.outbox,
    notifier: background.notifier,
    dataExports: background.dataExports,
    geoip,
    backendSecret: config.BACKEND_SECRET,
    ...(config.LEGACY_API_URL
      ? {
          legacy: {
            client: createLegacyClient({ url: config.LEGACY_API_URL, cookieName: config.LEGACY_SESSION_COOKIE, logger }),
            cookieName: config.LEGACY_SESSION_COOKIE,
            ...(config.IDENTITY_VERIFY_KEYS && config.IDENTITY_AUDIENCE
              ? { verifier: createAssertionVerifier(parseVerifyKeys(config.IDENTITY_VERIFY_KEYS), config.IDENTITY_AUDIENCE) }
              : {}),
          },
        }
      : {}),
    publicUrl,
    payments,
    sms: createSmsSender({ smsUrl: config.SMS_URL, smsDir: path.join(dataDir, 'sms'), logger }),
    errorReports,
  });
  const server = app.listen(config.PORT, config.HOST);
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const connections = connectionDrain(server);
  const port = (server.address() as AddressInfo).port;
  listeningPort = port;
  logger.info({ host: config.HOST, port, startupMs: Math.round(performance.now() - started) }, 'mock-backend listening');
  if (config.PORT === 0 && process.send) process.send({ type: 'ready', port });
  return { server, connections, db, background, bus, ops };
}

/** How long a shutdown may take before the process exits anyway (in-flight requests and job handlers included). */
const SHUTDOWN_LIMIT_MS = 10_000;

if (process.env[PREPARE_ONLY_ENV] === '1') {
  // Without the backend that forked it (killed, or its process stopped otherwise), it stops too: a backend started
  // again on the same directory must not find a second writer in it. Migrations and seed are one transaction, so
  // what it wrote is rolled back, and the next start migrates and seeds again.
  process.once('disconnect', () => {
    logger.warn('the backend that is making the new database is gone; stopping');
    process.exit(1);
  });
  prepareOnly().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.fatal({ err }, 'making the new database failed');
      process.exit(1);
    },
  );
} else {
  serve();
}

function serve(): void {
  let errorReports = NO_ERROR_REPORTS;
  let tracing: TracingHandle | undefined;
  // Traces only with an OTLP endpoint in the environment (otherwise nothing is loaded): src/shared/trace-hooks.ts.
  startTracing('backend')
    .then((handle) => {
      tracing = handle;
      return startErrorReports(config, 'backend');
    })
    .then((reports) => {
      errorReports = reports;
      reportCrashes(reports, logger);
      return start(reports);
    })
    .then(
      ({ server, connections, db, background, bus, ops }) => {
        let stopping = false;
        // Error reports and spans still queued go out before the process exits (each flush has its own time limit).
        const flushAll = () => Promise.all([errorReports.flush(), tracing?.flush()]);
        const stop = (signal: string) => {
          if (stopping) return;
          stopping = true;
          logger.info({ signal }, 'shutting down');
          const force = setTimeout(() => {
            logger.warn({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting');
            process.exit(1);
          }, SHUTDOWN_LIMIT_MS);
          force.unref();
          // /readyz answers 503 (a load balancer stops sending), the listener closes, requests in flight finish.
          ops.drain();
          connections.drain();
          // Open event streams end first (they carry a retry hint; browsers resume them elsewhere), or server.close would
          // wait for them.
          void bus.close();
          server.close(() => {
            background
              .stop()
              .then(
                () => logger.info('job workers stopped'),
                (err: unknown) => logger.warn({ err }, 'stopping the job workers failed'),
              )
              .then(() => bus.close())
              .then(() => db.close())
              .then(
                () => flushAll().then(() => process.exit(0)),
                () => flushAll().then(() => process.exit(1)),
              );
          });
          server.closeIdleConnections();
        };
        process.on('SIGTERM', () => stop('SIGTERM'));
        process.on('SIGINT', () => stop('SIGINT'));
        process.on('disconnect', () => stop('disconnect'));
      },
      (err: unknown) => {
        logger.fatal({ err }, 'mock-backend failed to start');
        errorReports.capture(err);
        void errorReports.flush().then(() => process.exit(1));
      },
    );
}
