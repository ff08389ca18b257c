/**
 * The backend's API in a process of its own, on a database the test prepared (migrated and seeded), for the crash
 * tests: it prints `port <n>` once it listens. Env: DATABASE_URL + DB_SCHEMA (PostgreSQL) or PGLITE_DIR; MEDIA_DIR;
 * FAULT_INJECTION (lib/fault-injection.ts) to kill itself at that point.
 */
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { createPgDb, createPgliteDb } from '../lib/db';
import { createLogger } from '../lib/logger';
import { createDiskStore } from '../lib/media-store';

const db = process.env.DATABASE_URL
  ? createPgDb(process.env.DATABASE_URL, { searchPath: process.env.DB_SCHEMA, max: 4 })
  : await createPgliteDb(process.env.PGLITE_DIR);
const app = createApp({
  db,
  logger: createLogger('silent'),
  media: createDiskStore(process.env.MEDIA_DIR ?? path.join(tmpdir(), 'app-worker-media')),
  dataDir: process.env.PGLITE_DIR ? path.dirname(process.env.PGLITE_DIR) : tmpdir(),
  outbox: { kick: () => {} },
  publicUrl: 'http://localhost:3000',
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
});
