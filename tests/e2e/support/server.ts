import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { scratchRoot } from '../../support/scratch';
import { nodeArgsFor, serverBuildIsCurrent } from '../../support/server-build';

export interface RunningSite {
  url: string;
  /** Process id of the BFF (its embedded backend is a child in the same process group). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Variables that change what a fresh data directory holds: with any of them a site migrates and seeds its own. */
const DATA_SHAPING_ENV = ['DATABASE_URL', 'BACKEND_URL', 'DEMO_SEED'];
/** A seeded copy is taken for at most this long: the demo data is dated relative to the moment it was seeded. */
const SEEDED_MAX_AGE_MS = 10 * 60_000;
/** What a copy leaves out: the payment simulator's state, mails and SMS belong to the site that wrote them. */
const NOT_COPIED = new Set(['psp', 'mail', 'sms']);

/**
 * Starts the real site (BFF + embedded backend, fresh DATA_DIR, free port) and waits until /healthz answers 200.
 * The client build (`npm run build`) must have run before. It runs `dist/server/bff.js` as `npm start` does when that
 * build is newer than every source it is made from, else the TypeScript sources through tsx (`compiled` forces either).
 * In the browser tests (E2E_SEEDED_DIR, support/global-setup.ts) the fresh DATA_DIR is a copy of a recently migrated and
 * seeded one unless `env` changes what a data directory holds. `keepData` leaves the data directory when the site
 * stops; with `dataDir`, the site starts on such a directory and leaves it too (a second stage on the same database).
 */
export async function startSite(
  env: Record<string, string> = {},
  options: { compiled?: boolean; dataDir?: string; keepData?: boolean } = {},
): Promise<RunningSite> {
  const compiled = options.compiled ?? serverBuildIsCurrent();
  // Another start on the data of an earlier one (which was stopped with keepData): its database as it was left.
  if (options.dataDir) return launch(env, compiled, options.dataDir, { keepData: true });
  const seededRoot = process.env.E2E_SEEDED_DIR;
  const dataDir = mkdtempSync(join(scratchRoot(), 'e2e-data-'));
  if (seededRoot && !DATA_SHAPING_ENV.some((name) => name in env)) {
    const seeded = recentSeeded(seededRoot) ?? (await seededOnce(seededRoot, compiled));
    cpSync(seeded, dataDir, { recursive: true });
  }
  return launch(env, compiled, dataDir, { keepData: options.keepData ?? false });
}

/** The newest seeded data directory under `root` that is young enough, or null. */
function recentSeeded(root: string): string | null {
  const now = Date.now();
  const young = readdirSync(root)
    .filter((name) => /^seeded-\d+$/.test(name))
    .map((name) => ({ name, at: Number(name.slice('seeded-'.length)) }))
    .filter(({ at }) => now - at < SEEDED_MAX_AGE_MS)
    .sort((a, b) => b.at - a.at);
  return young[0] ? join(root, young[0].name) : null;
}

/** How long a seeding may hold the lock before another file takes it for dead (a seeding takes 5–30 s). */
const SEEDING_LOCK_MS = 180_000;

/**
 * A recent seeded directory, made by whichever test file asks first: the files that ask while it is being made wait
 * for it instead of seeding a database of their own (each seeding is 10–20 s of CPU on a machine the other files need).
 */
async function seededOnce(root: string, compiled: boolean): Promise<string> {
  const lock = join(root, 'seeding.lock');
  for (;;) {
    const ready = recentSeeded(root);
    if (ready) return ready;
    let held: number | null = null;
    try {
      held = openSync(lock, 'wx');
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > SEEDING_LOCK_MS) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      return recentSeeded(root) ?? (await seedCopy(root, compiled));
    } finally {
      closeSync(held);
      rmSync(lock, { force: true });
    }
  }
}

/** Starts a site on an empty data directory (it migrates and seeds), stops it and keeps its data under `root`. */
async function seedCopy(root: string, compiled: boolean): Promise<string> {
  // Seeded inside `root`, so the rename below stays on one file system.
  const dataDir = mkdtempSync(join(root, 'seeding-'));
  const site = await launch({}, compiled, dataDir, { keepData: true });
  await site.stop();
  const made = Date.now();
  const target = join(root, `seeded-${made}`);
  for (const name of readdirSync(dataDir)) if (NOT_COPIED.has(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
  renameSync(dataDir, target);
  // Copies of an earlier seeding that no test file can still be reading.
  for (const name of readdirSync(root)) {
    const at = Number(/^seeded-(\d+)$/.exec(name)?.[1] ?? made);
    if (made - at > 2 * SEEDED_MAX_AGE_MS) rmSync(join(root, name), { recursive: true, force: true });
  }
  return target;
}

/**
 * Whether the process `pid` holds the socket listening on `port` (Linux: /proc/net/tcp{,6} and the process's file
 * descriptors; true where /proc cannot tell). A port found free can be taken by another test file's site before this
 * one binds it: then /healthz answers 200 from the other site while this one fails to listen.
 */
function listensOn(pid: number, port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      return true;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local address, state 0A = LISTEN, inode
      if (columns[1]?.endsWith(hex) && columns[3] === '0A' && columns[9]) inodes.add(columns[9]);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return true;
  }
}

async function launch(
  env: Record<string, string>,
  compiled: boolean,
  dataDir: string,
  options: { keepData?: boolean } = {},
  attempt = 1,
): Promise<RunningSite> {
  const port = await freePort();
  let log = '';
  // The site under test never inherits a backend or database from the shell that runs the tests.
  const { BACKEND_URL: _backend, DATABASE_URL: _database, ...inherited } = process.env;
  const args = nodeArgsFor('src/bff/main.ts', compiled);
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: React's production build renders the pages (its development build, which Vitest's
      // NODE_ENV=test would select, checks every element and records its owner stack: a third of a browser file's CPU).
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Two cores run Chromium, the site and the test runner at once: a backend call may wait longer than a
      // production deadline allows there, and a 502 for a slow answer would fail a test that is not about deadlines.
      BACKEND_ATTEMPT_TIMEOUT_MS: '20000',
      BACKEND_DEADLINE_MS: '40000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200 && listensOn(child.pid ?? 0, port)) return { url, pid: child.pid ?? 0, dataDir, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The port was taken between finding it free and binding it: the same site on another one.
  if (child.exitCode !== null && log.includes('EADDRINUSE') && attempt < 3) return launch(env, compiled, dataDir, options, attempt + 1);
  await stop();
  throw new Error(`site did not become healthy on ${url}:\n${log}`);
}
