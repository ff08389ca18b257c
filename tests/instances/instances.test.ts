/**
 * Several instances on one PostgreSQL, as an operator runs them behind a load balancer: two backend processes and
 * two BFFs started at the same moment on a fresh database (TEST_DATABASE_URL's server; the `instances` vitest
 * project runs only when it is set). A local SMTP server (smtp-server) receives the mail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localSmtp, type LocalSmtp } from '../../mock-backend/test/smtp';
import { freePort } from '../e2e/support/server';
import { freshDatabase, logLinesOf, sqlOn, startProcess, stopAll, waitUntilUp, type Proc } from './harness';

const SECRET = randomBytes(32).toString('hex');

const procs: Proc[] = [];
const dataDirs: string[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let smtp: LocalSmtp | undefined;

function start(name: string, entry: string, env: Record<string, string>, port: number): Proc {
  const proc = startProcess(name, entry, env, port);
  procs.push(proc);
  return proc;
}

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
  sqlOn<T>(database?.url as string, text, params);

/** Log lines (pino JSON) of every backend with this message. */
function logLines(msg: string): Record<string, unknown>[] {
  return procs.filter((p) => p.name.startsWith('backend')).flatMap((p) => logLinesOf(p, msg));
}

const api = (bff: Proc, path: string, init: RequestInit = {}) =>
  fetch(`${bff.url}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

let bffs: Proc[] = [];

beforeAll(async () => {
  const db = await freshDatabase('instances');
  database = db;

  const mailServer = await localSmtp();
  await mailServer.start();
  smtp = mailServer;

  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // Both backends at the same moment on the empty database: one migrates and seeds, the other waits for it.
  const backends = [0, 1].map((i) => {
    const dataDir = mkdtempSync(join(tmpdir(), `instance-${i}-`));
    dataDirs.push(dataDir);
    return start(
      `backend${i}`,
      'mock-backend/main.ts',
      {
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DEMO_SEED: 'true',
        DATA_DIR: dataDir,
        BACKEND_SECRET: SECRET,
        SMTP_URL: `smtp://127.0.0.1:${mailServer.port}`,
        PUBLIC_URL: 'http://localhost:3000',
        PURGE_CRON: '* * * * *',
      },
      ports[i] as number,
    );
  });
  bffs = [0, 1].map((i) =>
    start(
      `bff${i}`,
      'src/bff/main.ts',
      // Behind one (pretend) load balancer: the BFF believes one hop of X-Forwarded-For.
      { BACKEND_URL: (backends[i] as Proc).url, BACKEND_SECRET: SECRET, DATA_DIR: dataDirs[i] as string, TRUST_PROXY: '1' },
      ports[i + 2] as number,
    ),
  );
  await Promise.all([...backends.map((b) => waitUntilUp(b, '/api/settings.php')), ...bffs.map((b) => waitUntilUp(b, '/healthz'))]);
}, 240_000);

afterAll(async () => {
  await stopAll(procs);
  await smtp?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
}, 60_000);

describe('two backends and two BFFs on one PostgreSQL', () => {
  it('When both start at the same moment on an empty database, then both come up, the migrations ran once and the demo seed exists once', async () => {
    for (const bff of bffs) expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    const [demo] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'free@demo.test'`);
    expect(demo?.n).toBe(1);
    const versions = await sql<{ version: string }>('SELECT version FROM schema_migrations');
    expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
    const ready = logLines('database ready');
    expect(ready).toHaveLength(2);
    expect(ready.filter((l) => l.fresh === true)).toHaveLength(1);
  });

  it('When wrong passwords arrive through both instances, then the login throttle counts them together and blocks the sixth', async () => {
    const login = (bff: Proc, password: string) =>
      api(bff, '/user.php', { method: 'POST', body: JSON.stringify({ email: 'premium@demo.test', password }) });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(bffs[i % 2] as Proc, 'wrong-password')).status);
    // The fifth failure is the one that locks: it may already answer 429.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect([401, 429]).toContain(statuses[4]);
    const blocked = await login(bffs[1] as Proc, 'demo-password');
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('login_blocked');
  });

  it('When one client sprays failed logins through the load balancer, then his address is locked and another client still logs in', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    let last = 0;
    for (let i = 0; i < 50; i++) {
      last = (
        await api(bffs[i % 2] as Proc, '/user.php', {
          method: 'POST',
          headers: from('203.0.113.66'),
          body: JSON.stringify({ email: `spray${i}@x.test`, password: 'bad-password' }),
        })
      ).status;
    }
    expect(last).toBe(429);
    const other = await api(bffs[0] as Proc, '/user.php', {
      method: 'POST',
      headers: from('198.51.100.77'),
      body: JSON.stringify({ email: 'free@demo.test', password: 'demo-password' }),
    });
    expect(other.status).toBe(200);
  });

  it('When complaints arrive through both instances, then the per-address limit is counted once for all (the sixth in an hour is refused)', async () => {
    const complaint = { name: 'Jan', email: 'jan@example.test', category: 'other', message: 'Checking the shared limit of complaints.' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api(bffs[i % 2] as Proc, '/complaints.php', { method: 'POST', body: JSON.stringify(complaint) })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('When a write is repeated through the other instance with the same Idempotency-Key, then it is done once and the answer replayed', async () => {
    const [before] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    const key = `k-${randomBytes(8).toString('hex')}`;
    const body = JSON.stringify({
      name: 'Piet',
      email: 'piet@example.test',
      category: 'billing',
      message: 'One complaint, sent twice at once.',
    });
    // Log in first: the complaint limit of this address is spent, the member's key scope is his own.
    const login = await api(bffs[0] as Proc, '/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'free@demo.test', password: 'demo-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await sql(`DELETE FROM rate_limits WHERE key LIKE 'complaints:%'`);
    const send = (bff: Proc) => api(bff, '/complaints.php', { method: 'POST', body, headers: { cookie, 'idempotency-key': key } });
    const [a, b] = await Promise.all([send(bffs[0] as Proc), send(bffs[1] as Proc)]);
    const answers = [a.status, b.status].sort();
    // At the same moment: one does the work; the other waits its turn (409, retry later) or replays it.
    expect(answers.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((s) => s === 201 || s === 409)).toBe(true);
    const again = await send(bffs[1] as Proc);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [after] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
  });

  it('When members sign up through both instances, then each activation mail is sent exactly once although both run the mail job', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `multi-${i}-${randomBytes(3).toString('hex')}@example.test`);
    await Promise.all(
      emails.map((email, i) =>
        api(bffs[i % 2] as Proc, '/signup.php', {
          method: 'POST',
          body: JSON.stringify({ email, password: 'a-long-password', name: 'Multi', date_of_birth: '1991-05-05' }),
        }),
      ),
    );
    await vi.waitFor(
      async () => {
        const [pending] = await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent' AND to_address LIKE 'multi-%'`,
        );
        expect(pending?.n).toBe(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    await new Promise((r) => setTimeout(r, 3000)); // both instances' workers have polled again by now
    for (const email of emails) expect(smtp?.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // Both instances took part in sending (each drained what it was kicked for), yet no mail twice.
    expect(logLines('mail sent').length).toBeGreaterThanOrEqual(emails.length);
  });

  it('When the purge is scheduled every minute on both instances, then it runs once per minute and purges an account past its undo window', async () => {
    const [victim] = await sql<{ id: number }>(
      `UPDATE users SET status = 'deleted', deleted_at = now() - interval '15 days'
       WHERE id = (SELECT id FROM users WHERE email NOT LIKE '%@demo.test' AND status = 'active' ORDER BY id LIMIT 1) RETURNING id`,
    );
    // Two schedule slots at least; each runs on one instance only, so there are never more runs than minute slots
    // since the instances started (counting the slot that was still due when they came up).
    await vi.waitFor(() => expect(logLines('purge of deleted accounts ran').length).toBeGreaterThanOrEqual(2), {
      timeout: 150_000,
      interval: 1000,
    });
    await new Promise((r) => setTimeout(r, 5000));
    const runs = logLines('purge of deleted accounts ran');
    const startedAt = Math.min(...logLines('mock-backend listening').map((l) => Number(l.time)));
    const slots = Math.floor(Date.now() / 60_000) - Math.floor((startedAt - 60_000) / 60_000);
    expect(runs.length).toBeLessThanOrEqual(slots);
    const [row] = await sql<{ purged_at: Date | null }>('SELECT purged_at FROM users WHERE id = $1', [victim?.id]);
    expect(row?.purged_at).not.toBeNull();
  }, 180_000);
});
