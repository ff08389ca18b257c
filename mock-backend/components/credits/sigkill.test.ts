import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, createPgliteDb, sql, type Db } from '../../lib/db';
import { createPgTestDatabase, type PgTestDatabase } from '../../test/pg-database';
import { migrate } from '../../lib/migrate';
import { grantCredits, ledgerInvariantViolations } from './ledger';

/**
 * A process spending credits is killed with SIGKILL in the middle of its work, twice; afterwards the books balance
 * (balance = ledger sum = lots' remaining, never below 0) and every spend it acknowledged is still there, posted.
 * PGlite in a directory (the embedded default) and, in the postgres project, PostgreSQL.
 */
const WORKER = fileURLToPath(new URL('../../test/spend-worker.ts', import.meta.url));
const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let dir = '';
let database: PgTestDatabase | undefined;
let open: () => Promise<Db>;
let userId = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sigkill-'));
  if (url) {
    database = await createPgTestDatabase(url);
    const { url: databaseUrl, schema } = database;
    open = async () => createPgDb(databaseUrl, { searchPath: schema, max: 2 });
  } else {
    open = () => createPgliteDb(path.join(dir, 'db'));
  }
  const db = await open();
  await migrate(db);
  const [user] = await db.query<{ id: number }>(
    sql`INSERT INTO users (site_id, email, password_hash) SELECT id, 'kill@test.invalid', 'x' FROM sites WHERE is_default RETURNING id`,
  );
  userId = (user as { id: number }).id;
  await grantCredits(db, { userId, credits: 50, kind: 'free', reason: 'signup' });
  await grantCredits(db, {
    userId,
    credits: 100_000,
    kind: 'paid',
    reason: 'purchase',
    amountMinor: 99_900,
    currency: 'EUR',
    refundDays: 14,
  });
  await db.close();
}, 120_000);

afterAll(async () => {
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the worker until it acknowledged `spends` spends, then SIGKILLs it; answers the acknowledged ids. */
async function runAndKill(start: number, spends: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      USER_ID: String(userId),
      START: String(start),
      PGLITE_DIR: path.join(dir, 'db'),
      ...(database ? { DATABASE_URL: database.url, DB_SCHEMA: database.schema } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acknowledged: string[] = [];
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
        nl = buffer.indexOf('\n');
      }
      if (acknowledged.length >= spends) resolve();
    });
    child.once('exit', () => reject(new Error(`worker exited early: ${err}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return acknowledged;
}

describe('a spending process killed with SIGKILL', () => {
  it('When it is killed mid-spend twice and the database is opened again, then the invariant holds and no acknowledged spend is lost', async () => {
    const first = await runAndKill(0, 40);
    const second = await runAndKill(100_000, 40);
    const db = await open();
    try {
      expect(await ledgerInvariantViolations(db)).toEqual([]);
      const ids = [...first, ...second];
      const rows = await db.query<{ id: string; status: string }>(
        sql`SELECT id, status FROM credit_reservations WHERE id = ANY(${ids}::uuid[])`,
      );
      expect(rows).toHaveLength(ids.length);
      expect(rows.every((r) => r.status === 'posted')).toBe(true);
      // Nothing half-done: every reservation is settled or still held (the expiry job voids those), and every posted
      // or held one has its ledger rows.
      const [orphans] = await db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM credit_reservations r WHERE NOT EXISTS (SELECT 1 FROM credit_ledger g WHERE g.reservation_id = r.id)`,
      );
      expect(orphans?.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 180_000);
});
