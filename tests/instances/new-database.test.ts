/**
 * The short-lived process that makes a new embedded database (migrated and seeded apart from the server, see
 * mock-backend/main.ts) stops with the backend that forked it: a backend killed while the database is made — by an
 * orchestrator, or kill -9 — leaves no process writing in its data directory, and the next start on that directory
 * comes up with the whole demo (the half-made database was one transaction, rolled back).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/server';
import { startProcess, stopAll, waitUntilUp, type Proc } from './harness';

const PREPARE_ONLY_ENV = 'BACKEND_PREPARE_NEW_DATABASE=1';
const procs: Proc[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'new-database-'));

afterAll(async () => {
  await stopAll(procs);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child of `parent` that runs with the prepare-only variable, if there is one now. */
function preparingChildOf(parent: number): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number((stat.split(') ')[1] ?? '').split(' ')[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(PREPARE_ONLY_ENV)) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Whether the process still runs (a zombie, waiting for a parent to read its status, has stopped). */
function running(pid: number): boolean {
  try {
    return (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

const backendEnv = {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_SEED: 'true',
  BACKEND_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://localhost:3000',
};

describe('making a new embedded database', () => {
  it('When the backend is killed while its new database is being made, then the process making it stops at once, and the next start on the directory comes up with the demo', async () => {
    const first = startProcess('backend', 'mock-backend/main.ts', backendEnv, await freePort());
    procs.push(first);
    const parent = first.child.pid ?? 0;
    let preparing: number | null = null;
    for (let waited = 0; preparing === null && waited < 60_000; waited += 20) {
      preparing = preparingChildOf(parent);
      if (preparing === null) await sleep(20);
    }
    expect(preparing, first.output().slice(-2000)).not.toBeNull();
    const child = preparing as number;

    first.child.kill('SIGKILL');
    await first.exited;
    // The child writes to the killed backend's output, which this test still reads: it says it stops, where on its
    // own it would have gone on to log "database ready".
    const stopping = '"msg":"the backend that is making the new database is gone; stopping"';
    for (let waited = 0; !first.output().includes(stopping) && waited < 30_000; waited += 50) await sleep(50);
    expect(first.output(), first.output().slice(-2000)).toContain(stopping);
    expect(first.output()).not.toContain('"msg":"database ready"');
    for (let waited = 0; running(child) && waited < 30_000; waited += 50) await sleep(50);
    expect(running(child)).toBe(false);

    const again = startProcess('backend', 'mock-backend/main.ts', backendEnv, await freePort());
    procs.push(again);
    await waitUntilUp(again, '/readyz');
    const members = await fetch(`${again.url}/api/members.php`, { headers: { 'request-type': 'client' } });
    expect(members.status).toBe(200);
    const page = (await members.json()) as { profiles: unknown[]; total: number };
    expect(page.profiles.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(page.profiles.length);
  }, 180_000);
});
