import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createApp, type AppDeps } from '../app';
import { createBackground, type Background, type BackgroundOptions } from '../background';
import { createBus, type Bus } from '../lib/bus';
import { WEBHOOK_PATH } from '../components/payments/index';
import { createHttpProvider } from '../components/payments/simulator-provider';
import { generateWebhookSecret, startSimulator, type Simulator } from '../psp-simulator/simulator';
import { createPgDb, createPgliteDb, empty, sql, type Db } from '../lib/db';
import { createPgTestDatabase } from './pg-database';
import { createLogger } from '../lib/logger';
import { createMemoryMailer, type Mailer, type MailMessage } from '../lib/mail';
import { createDiskStore, type MediaStore } from '../lib/media-store';
import { openGeoIp } from '../lib/geoip';
import { migrate } from '../lib/migrate';
import { lightPasswordHashingForTests } from '../lib/password';
import { createOps, type BackendOps } from '../lib/ops';
import { createSeedReuse, DEMO_LOGINS, DEMO_PASSWORD, seed } from '../seed/seed';
import { startLocalS3, type LocalS3 } from './local-s3';

export interface TestContext {
  app: Express;
  db: Db;
  /** DATA_DIR/media: the disk store's folder; with the S3 store nothing may appear there. */
  mediaDir: string;
  /** The store the app keeps photos in (disk or the local S3 server's bucket). */
  media: MediaStore;
  /** The local S3-compatible server behind `media` when the context was made with `media: 's3'`. */
  s3: LocalS3 | null;
  /** Every mail the outbox sent, oldest first (the mail job runs as in production, so wait for them). */
  mails: MailMessage[];
  /** The jobs and the outbox behind the app. */
  background: Background;
  /** The chat's event bus (LISTEN/NOTIFY in the postgres project). */
  bus: Bus;
  /** The PSP simulator (in-process, its own port) and the app's own address, where the simulator posts webhooks. */
  psp: { url: string; apiKey: string; webhookSecret: string; simulator: Simulator };
  appUrl: string;
  /** Every SMS the backend sent (direct-debit codes), oldest first. */
  sms: { to: string; text: string }[];
  /** The probes and metrics (/healthz, /readyz, /_ops/metrics with TEST_OPERATOR_TOKEN). */
  ops: BackendOps;
  close(): Promise<void>;
}

/** The operator token of the test apps' /_ops/metrics. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** The secret the test apps share with their (pretend) BFF. */
export const TEST_BACKEND_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Headers with which the BFF names the visitor's address (and country) to the backend. */
export function fromClient(ip: string, country?: string): Record<string, string> {
  return { 'x-backend-secret': TEST_BACKEND_SECRET, 'x-client-ip': ip, ...(country ? { 'x-client-country': country } : {}) };
}

/**
 * A fresh database per test file: in-memory PGlite, or — in the `postgres` vitest project, which runs only when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL, copied from the run's migrated template (pg-database.ts;
 * dropped again in close()). Migrated and seeded.
 */
export interface TestContextOptions {
  members?: number;
  loginRequestsPerMinute?: number;
  /** Where the outbox sends (default: kept in memory as `mails`). */
  mailer?: Mailer;
  /** Receives the backend's log lines (JSON, level info and up); without it nothing is logged. */
  logStream?: DestinationStream;
  /** How long the simulator keeps a direct debit pending (default 300 ms). */
  settleDelayMs?: number;
  /** Web Push: the fake push service and the mail delay/quiet period (components/push). */
  push?: BackgroundOptions['push'];
  /** PostgreSQL pool size (default 4; the bench uses the production default of createPgDb, 10). */
  dbPoolMax?: number;
  /** Where photos are kept: DATA_DIR/media (default) or a bucket of a local S3-compatible server started for the context. */
  media?: MediaStoreKind;
  /** The PHP service members come from (components/legacy): a fake client and its session cookie's name. */
  legacy?: AppDeps['legacy'];
  /** Where the app reports unexpected errors (default: nowhere). */
  errorReports?: AppDeps['errorReports'];
}

/** The two media stores; tests of photos run once with each (`describe.each(MEDIA_STORES)`). */
export const MEDIA_STORES = ['disk', 's3'] as const;
export type MediaStoreKind = (typeof MEDIA_STORES)[number];

/**
 * The migrated database that the test run's global setup dumped (template-setup.ts), or undefined outside such a run
 * (a benchmark): then the database is made and migrated from nothing. migrate() runs either way and finds nothing to
 * do on a current template.
 */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env.PGLITE_TEMPLATE;
  if (!file) return undefined;
  // Read once per worker process (a Blob is immutable): the backend projects run file after file in one process.
  if (templateBlob?.file !== file) templateBlob = { file, blob: new Blob([await readFile(file)]) };
  return templateBlob.blob;
}
let templateBlob: { file: string; blob: Blob } | undefined;

/**
 * What every context's seed draws and hashes alike, kept for the worker process: the backend test projects run file after
 * file in one process (vitest.config.ts), so a worker draws the avatars and hashes the passwords once.
 */
const seedReuse = createSeedReuse();

export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  lightPasswordHashingForTests();
  const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let db: Db;
  let dropDatabase = async () => {};
  let jobSchema: string | undefined;
  if (url) {
    const database = await createPgTestDatabase(url);
    jobSchema = database.jobSchema;
    // A test's commits need not wait for the disk (5 ms each here): the database is thrown away after the file, and
    // what the tests check of durability is a process killed, never PostgreSQL itself.
    db = createPgDb(database.url, {
      searchPath: database.schema,
      max: opts.dbPoolMax ?? 4,
      settings: { synchronous_commit: 'off' },
    });
    dropDatabase = database.drop;
  } else {
    db = await createPgliteDb(undefined, await pgliteTemplate());
  }
  await migrate(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-backend-test-'));
  const mediaDir = path.join(dataDir, 'media');
  const s3 = opts.media === 's3' ? await startLocalS3() : null;
  const media = s3 ? s3.store() : createDiskStore(mediaDir);
  await seed(db, { media, members: opts.members ?? 30, avatars: 4, reuse: seedReuse });
  const memory = createMemoryMailer();
  const mailer = opts.mailer ?? memory;
  const logger = opts.logStream ? createLogger('info', opts.logStream) : createLogger('silent');
  const pspApiKey = `test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = generateWebhookSecret();
  const psp = await startSimulator({
    apiKey: pspApiKey,
    webhookSecret,
    settleDelayMs: opts.settleDelayMs ?? 300,
    retryBaseMs: 100,
    maxAttempts: 6,
  });
  let appUrl = '';
  const sms: { to: string; text: string }[] = [];
  const payments = {
    provider: createHttpProvider({ baseUrl: psp.url, apiKey: pspApiKey, webhookSecret }),
    webhookUrl: () => `${appUrl}${WEBHOOK_PATH}`,
  };
  const background = createBackground({
    db,
    logger,
    mailer,
    media,
    purgeCron: '17 * * * *',
    cleanupCron: '*/10 * * * *',
    jobSchema,
    outbox: { baseDelaySeconds: 1, maxDelaySeconds: 2 },
    payments,
    push: { publicUrl: 'http://localhost:3000', ...opts.push },
  });
  await background.start();
  const bus = createBus(db, logger);
  const ops = createOps({ db, bus, jobs: background.jobs, token: TEST_OPERATOR_TOKEN });
  const app = createApp({
    db,
    bus,
    ops,
    outbox: background.outbox,
    notifier: background.notifier,
    dataExports: background.dataExports,
    backendSecret: TEST_BACKEND_SECRET,
    publicUrl: 'http://localhost:3000',
    accountLimits: { signupsPerHour: 1000, sensitivePer15Minutes: 1000 },
    geoip: await openGeoIp(),
    logger,
    media,
    dataDir,
    validateResponses: true,
    payments,
    sms: { send: async (to: string, text: string) => void sms.push({ to, text }) },
    ...(opts.loginRequestsPerMinute ? { loginRequestsPerMinute: opts.loginRequestsPerMinute } : {}),
    ...(opts.legacy ? { legacy: opts.legacy } : {}),
    ...(opts.errorReports ? { errorReports: opts.errorReports } : {}),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    db,
    mediaDir,
    media,
    s3,
    mails: memory.sent,
    background,
    bus,
    psp: { url: psp.url, apiKey: pspApiKey, webhookSecret, simulator: psp.simulator },
    appUrl,
    sms,
    ops,
    async close() {
      await bus.close();
      await psp.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await background.stop();
      await db.close();
      await dropDatabase();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in and returns the `auth` cookie pair for later requests. */
export async function loginCookie(app: Express, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request(app).post('/api/user.php').set('request-type', 'client').send({ email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='));
  if (!cookie) throw new Error('no auth cookie');
  return cookie.split(';')[0] as string;
}

/**
 * Logs in as any seeded member: gives him the demo members' password (with `free`, also makes him a free member)
 * and answers his auth cookie. Password login needs a confirmed address, so change his status after this.
 */
export async function loginAsMember(ctx: Pick<TestContext, 'app' | 'db'>, userId: number, opts: { free?: boolean } = {}): Promise<string> {
  const free = opts.free ? sql`, paid_user = false` : empty;
  await ctx.db.query(
    sql`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = ${DEMO_LOGINS.free})${free} WHERE id = ${userId}`,
  );
  const [row] = await ctx.db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}`);
  return loginCookie(ctx.app, row?.email ?? '');
}
