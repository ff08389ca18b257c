import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { adminQuery, dropDatabase, withDatabase } from '../../../mock-backend/test/pg-database';
import { scratchRoot } from '../../support/scratch';
import { ANY_POSTGRES, e2eDatabasePrefix, SUITE_POSTGRES } from './postgres';
import { nodeArgsFor, serverBuildIsCurrent } from '../../support/server-build';

export interface RunningSite {
  url: string;
  /** Process id of the BFF (its embedded backend is a child in the same process group). */
  pid: number;
  dataDir: string;
  /** The PostgreSQL database the site runs on (undefined: PGlite in its data directory, or no backend of its own). */
  databaseUrl?: string | undefined;
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

/** The file in a data directory that names the PostgreSQL database its site runs on. */
const DATABASE_FILE = '.e2e-database';

/** A database of the browser tests on a PostgreSQL server; its name starts with the run's (support/global-setup.ts). */
interface SiteDatabase {
  server: string;
  name: string;
  url: string;
}

function siteDatabase(server: string, name: string): SiteDatabase {
  return { server, name, url: withDatabase(server, name) };
}

/** `e2e_<run>_<what>_<random>`: the run's global teardown drops what a file left (support/global-setup.ts). */
function databaseName(what: string): string {
  return `${e2eDatabasePrefix()}${what}_${randomBytes(4).toString('hex')}`;
}

/**
 * A new database: empty (the site migrates and seeds it), or a copy of `template`. PostgreSQL refuses to copy a
 * template that another session is copying at the same moment, so the copies take turns through an advisory lock held
 * until this session ends. Commits do not wait for the disk: the data is thrown away with the file.
 */
async function newDatabase(server: string, what: string, template?: string): Promise<SiteDatabase> {
  const db = siteDatabase(server, databaseName(what));
  await adminQuery(server, [
    ...(template
      ? [`SELECT pg_advisory_lock(hashtext('${template}'))`, `CREATE DATABASE ${db.name} TEMPLATE ${template}`]
      : [`CREATE DATABASE ${db.name}`]),
    `ALTER DATABASE ${db.name} SET synchronous_commit = off`,
  ]);
  return db;
}

/** The database a data directory's site ran on, if it ran on PostgreSQL. */
function databaseOf(dataDir: string): SiteDatabase | null {
  const file = join(dataDir, DATABASE_FILE);
  const url = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!url) return null;
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  parsed.pathname = '/postgres';
  return { server: parsed.toString(), name, url };
}

/**
 * Starts the real site (BFF + embedded backend, fresh DATA_DIR, free port) and waits until /healthz answers 200.
 * The client build (`npm run build`) must have run before. It runs `dist/server/bff.js` as `npm start` does when that
 * build is newer than every source it is made from, else the TypeScript sources through tsx (`compiled` forces either).
 * In the browser tests (E2E_SEEDED_DIR, support/global-setup.ts) the fresh DATA_DIR is a copy of a recently migrated and
 * seeded one unless `env` changes what a data directory holds; with the suite's PostgreSQL (TEST_DATABASE_URL) the
 * site's database is a copy of a seeded one there. `database: 'embedded'` keeps a site on PGlite in its data directory
 * (the default without that server); `'postgres'` puts it on PostgreSQL even without it (E2E_POSTGRES_URL or the local
 * server), for a file that reads the site's database itself (`databaseUrl`). `keepData` leaves the data directory (and
 * its database) when the site stops; with `dataDir`, the site starts on such a directory and leaves it too (a second
 * stage on the same database).
 */
export async function startSite(
  env: Record<string, string> = {},
  options: { compiled?: boolean; dataDir?: string; keepData?: boolean; database?: 'embedded' | 'postgres' } = {},
): Promise<RunningSite> {
  const compiled = options.compiled ?? serverBuildIsCurrent();
  // Another start on the data of an earlier one (which was stopped with keepData): its database as it was left.
  if (options.dataDir) {
    const database = databaseOf(options.dataDir);
    return launch({ ...(database ? { DATABASE_URL: database.url } : {}), ...env }, compiled, options.dataDir, { keepData: true, database });
  }
  const seededRoot = process.env.E2E_SEEDED_DIR;
  const dataDir = mkdtempSync(join(scratchRoot(), 'e2e-data-'));
  const shaped = DATA_SHAPING_ENV.some((name) => name in env);
  const server = shaped
    ? undefined
    : options.database === 'postgres'
      ? ANY_POSTGRES
      : options.database === 'embedded'
        ? undefined
        : SUITE_POSTGRES;
  let database: SiteDatabase | null = null;
  if (server) {
    const seeded = seededRoot ? (recentSeeded(seededRoot, server) ?? (await seededOnce(seededRoot, compiled, server))) : null;
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
    const template = seeded ? databaseOf(seeded) : null;
    database = await newDatabase(server, 'site', template?.name);
    writeFileSync(join(dataDir, DATABASE_FILE), database.url);
  } else if (seededRoot && !shaped) {
    const seeded = recentSeeded(seededRoot, null) ?? (await seededOnce(seededRoot, compiled, null));
    cpSync(seeded, dataDir, { recursive: true });
  }
  const databaseEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  return launch({ ...databaseEnv, ...env }, compiled, dataDir, { keepData: options.keepData ?? false, database });
}

/** Seeded data directories of one kind: on PGlite (`seeded-<ms>`) or beside a database on `server` (`seeded-pg-<ms>`). */
const seededPattern = (server: string | null) => (server ? /^seeded-pg-(\d+)$/ : /^seeded-(\d+)$/);

/** The newest seeded data directory of the kind under `root` that is young enough, or null. */
function recentSeeded(root: string, server: string | null): string | null {
  const now = Date.now();
  const young = readdirSync(root)
    .map((name) => ({ name, at: Number(seededPattern(server).exec(name)?.[1] ?? NaN) }))
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
async function seededOnce(root: string, compiled: boolean, server: string | null): Promise<string> {
  const lock = join(root, server ? 'seeding-pg.lock' : 'seeding.lock');
  for (;;) {
    const ready = recentSeeded(root, server);
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
      return recentSeeded(root, server) ?? (await seedCopy(root, compiled, server));
    } finally {
      closeSync(held);
      rmSync(lock, { force: true });
    }
  }
}

/**
 * Starts a site on an empty data directory and, with `server`, an empty database there (it migrates and seeds), stops
 * it and keeps its data under `root`: the database stays as the template of the copies, named in the directory.
 */
async function seedCopy(root: string, compiled: boolean, server: string | null): Promise<string> {
  // Seeded inside `root`, so the rename below stays on one file system.
  const dataDir = mkdtempSync(join(root, 'seeding-'));
  const database = server ? await newDatabase(server, 'seed') : null;
  if (database) writeFileSync(join(dataDir, DATABASE_FILE), database.url);
  // Its stop may take the whole shutdown the site allows itself: a job killed while it runs would stay active in every
  // copy, and a queue that runs one job at a time would wait for it to expire (the data export, for a quarter of an hour).
  const site = await launch(database ? { DATABASE_URL: database.url } : {}, compiled, dataDir, {
    keepData: true,
    database,
    graceMs: 30_000,
  });
  await site.stop();
  const made = Date.now();
  const target = join(root, `${server ? 'seeded-pg' : 'seeded'}-${made}`);
  for (const name of readdirSync(dataDir)) if (NOT_COPIED.has(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
  renameSync(dataDir, target);
  // Copies of an earlier seeding that no test file can still be reading.
  for (const name of readdirSync(root)) {
    const at = Number(seededPattern(server).exec(name)?.[1] ?? made);
    if (made - at <= 2 * SEEDED_MAX_AGE_MS) continue;
    const old = server ? databaseOf(join(root, name)) : null;
    if (old) await dropDatabase(old.server, old.name).catch(() => undefined);
    rmSync(join(root, name), { recursive: true, force: true });
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
  options: { keepData?: boolean; database?: SiteDatabase | null; graceMs?: number } = {},
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
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 5000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (!options.keepData) {
      rmSync(dataDir, { recursive: true, force: true });
      // In the browser tests' run (E2E_RUN) its database is dropped with the others at the run's end (support/postgres.ts).
      if (options.database && !process.env.E2E_RUN)
        await dropDatabase(options.database.server, options.database.name).catch(() => undefined);
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200 && listensOn(child.pid ?? 0, port)) {
        return { url, pid: child.pid ?? 0, dataDir, databaseUrl: options.database?.url, output: () => log, stop };
      }
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
