import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, ledgerInvariantViolations } from '../components/credits/ledger';
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from '../seed/seed';
import { createPgDb, createPgliteDb, sql, type Db } from './db';
import { createPgTestDatabase, type PgTestDatabase } from '../test/pg-database';
import { migrate } from './migrate';
import { createDiskStore } from './media-store';

/**
 * Exactly-once sends across a crash: the backend process is killed with SIGKILL at the fault-injection points of
 * lib/idempotency.ts — after the send and its stored answer committed but before the answer left, and after both
 * were written but before the commit — and the client's retry with the same Idempotency-Key goes to a new process
 * at once. Afterwards there is exactly one message, the sender paid once with its ledger row, and the books balance.
 * PGlite in a directory (the embedded default) and, in the postgres project, PostgreSQL.
 */
const WORKER = fileURLToPath(new URL('../test/app-worker.ts', import.meta.url));
const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let dir = '';
let database: PgTestDatabase | undefined;
let open: () => Promise<Db>;
let senderId = 0;
let recipientId = 0;
const running: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'idempotency-crash-'));
  if (url) {
    database = await createPgTestDatabase(url);
    const { url: databaseUrl, schema } = database;
    open = async () => createPgDb(databaseUrl, { searchPath: schema, max: 2 });
  } else {
    open = () => createPgliteDb(path.join(dir, 'db'));
  }
  const db = await open();
  try {
    await migrate(db);
    await seed(db, { media: createDiskStore(path.join(dir, 'media')), members: 6, avatars: 1 });
    const [sender] = await db.query<{ id: number; site_id: number }>(
      sql`SELECT id, site_id FROM users WHERE email = ${DEMO_LOGINS.premium}`,
    );
    senderId = sender?.id as number;
    const [recipient] = await db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%' AND u.site_id = ${sender?.site_id}
       ORDER BY u.id LIMIT 1`,
    );
    recipientId = recipient?.id as number;
    await grantCredits(db, { userId: senderId, credits: 500, kind: 'promo', reason: 'bonus' });
  } finally {
    await db.close();
  }
}, 180_000);

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** Starts the API process (optionally with a fault point) and answers its base URL and its exit. */
async function startBackend(fault?: string): Promise<{ base: string; exited: Promise<NodeJS.Signals | null>; child: ChildProcess }> {
  const { FAULT_INJECTION: _f, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...env,
      NODE_ENV: 'test',
      MEDIA_DIR: path.join(dir, 'media'),
      ...(fault ? { FAULT_INJECTION: fault } : {}),
      ...(database ? { DATABASE_URL: database.url, DB_SCHEMA: database.schema } : { PGLITE_DIR: path.join(dir, 'db') }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`backend exited early: ${err}`)));
  });
  return { base: `http://127.0.0.1:${port}`, exited, child };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-type': 'client' },
    body: JSON.stringify({ email: DEMO_LOGINS.premium, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth='));
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(';')[0] as string;
}

const send = (base: string, cookie: string, key: string, text: string) =>
  fetch(`${base}/api/message.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
    body: JSON.stringify({ profile_id: recipientId, text }),
  });

/** What the database holds for one send: its messages, the sender's balance and his ledger rows, the books. */
async function facts(text: string) {
  const db = await open();
  try {
    const [messages] = await db.query<{ n: number; cost: number }>(
      sql`SELECT count(*)::int AS n, coalesce(sum(credits_cost), 0)::int AS cost FROM messages WHERE sender_id = ${senderId} AND body = ${text}`,
    );
    const [user] = await db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${senderId}`);
    const [ledger] = await db.query<{ n: number; total: number }>(
      sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS total FROM credit_ledger WHERE user_id = ${senderId}`,
    );
    return {
      messages: messages?.n,
      cost: messages?.cost ?? 0,
      credits: user?.credits ?? 0,
      ledgerRows: ledger?.n ?? 0,
      ledgerSum: ledger?.total ?? 0,
      violations: await ledgerInvariantViolations(db),
    };
  } finally {
    await db.close();
  }
}

describe('a send whose backend is killed with SIGKILL', () => {
  it.each([
    ['idempotency-after-commit', 'after the send and its answer committed, before the answer left', true],
    ['idempotency-before-commit', 'after the send and its answer were written, before the commit', false],
  ])(
    'When the process dies at %s (%s), then the retry with the same key on a new process is answered at once, one message stored, paid once, the books balanced',
    async (fault, _when, replayed) => {
      const text = `crash ${fault} ${randomBytes(3).toString('hex')}`;
      const key = `crash-${randomBytes(8).toString('hex')}`;
      const before = await facts(text);

      const doomed = await startBackend(fault);
      const cookie = await login(doomed.base);
      await expect(send(doomed.base, cookie, key, text)).rejects.toThrow();
      expect(await doomed.exited).toBe('SIGKILL');

      const fresh = await startBackend();
      const retry = await send(fresh.base, cookie, key, text);
      expect(retry.status).toBe(201);
      // Committed before the crash: the stored answer. Not committed: the send runs now (no key left "in use").
      expect(retry.headers.get('idempotent-replayed')).toBe(replayed ? 'true' : null);
      const answer = (await retry.json()) as { message: { id: number; text: string } };
      expect(answer.message.text).toBe(text);
      const again = await send(fresh.base, cookie, key, text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { message: { id: number } }).message.id).toBe(answer.message.id);
      fresh.child.kill('SIGKILL');
      await fresh.exited;

      const after = await facts(text);
      expect(after.messages).toBe(1);
      expect(after.violations).toEqual([]);
      // Paid once: the balance lowered by exactly the message's cost, and the ledger records the same.
      const paid = before.credits - after.credits;
      expect(paid).toBeGreaterThan(0);
      expect(paid).toBe(after.cost);
      expect(before.ledgerSum - after.ledgerSum).toBe(paid);
      expect(after.ledgerRows).toBeGreaterThan(before.ledgerRows);
    },
    180_000,
  );
});
