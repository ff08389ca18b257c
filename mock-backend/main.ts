import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import { schedulePurge } from './components/accounts/purge';
import { deleteExpiredSessions } from './components/session/repository';
import { parseConfig } from './lib/config';
import { createPgDb, createPgliteDb, type Db } from './lib/db';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mail';
import { migrate } from './lib/migrate';
import { openGeoIp } from './lib/geoip';
import { seed } from './seed/seed';

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const config = parsed.config;
const logger = createLogger(config.LOG_LEVEL);

async function start(): Promise<{ server: Server; db: Db }> {
  const started = performance.now();
  const dataDir = path.resolve(config.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });

  const db = config.DATABASE_URL ? createPgDb(config.DATABASE_URL) : await createPgliteDb(path.join(dataDir, 'db'));
  const { applied, fresh } = await migrate(db);
  logger.info({ applied, fresh, database: db.dialect }, 'database migrated');

  const wantSeed = config.DEMO_SEED ?? db.dialect === 'pglite';
  if (fresh && wantSeed) {
    const { members } = await seed(db, { mediaDir });
    logger.info({ members }, 'demo data seeded');
  }
  await deleteExpiredSessions(db);

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, mailDir: path.join(dataDir, 'mail'), logger });
  const geoip = await openGeoIp(config.GEOIP_DB);
  const app = createApp({ db, logger, mediaDir, mailer, geoip, publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') });
  schedulePurge(db, logger, mediaDir);
  const server = app.listen(config.PORT, '0.0.0.0');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, startupMs: Math.round(performance.now() - started) }, 'mock-backend listening');
  if (config.PORT === 0 && process.send) process.send({ type: 'ready', port });
  return { server, db };
}

start().then(
  ({ server, db }) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      server.close(() => {
        db.close().then(
          () => process.exit(0),
          () => process.exit(1),
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
    process.exit(1);
  },
);
