/**
 * The processes of the several-instances suites (tests/instances): app processes started as `npm start` runs them
 * (compiled, when `npm run build` is newer than the sources; else from source through tsx) with their output kept, a fresh PostgreSQL database on TEST_DATABASE_URL's server, and the waits around them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { nodeArgsFor } from '../support/server-build';

const ADMIN_URL = process.env.TEST_DATABASE_URL as string;

export interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the signal (or null) and exit code once the process ended. */
  exited: Promise<{ signal: NodeJS.Signals | null; code: number | null }>;
}

/** Starts the server `entry` (support/server-build.ts) with `env` over this process's (without its database and backend settings). */
export function startProcess(name: string, entry: string, env: Record<string, string>, port: number): Proc {
  const { BACKEND_URL: _b, DATABASE_URL: _d, TEST_DATABASE_URL: _t, FAULT_INJECTION: _f, ...inherited } = process.env;
  const child = spawn(process.execPath, nodeArgsFor(entry), {
    // NODE_ENV as `npm start` sets it (a test of the fault injection, which production never runs, sets 'test').
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<{ signal: NodeJS.Signals | null; code: number | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, url: `http://127.0.0.1:${port}`, child, output: () => log, exited };
}

/** Waits until `path` answers 200 (the process fails the test when it exits or takes longer than 150 s). */
export async function waitUntilUp(proc: Proc, path: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) break;
    try {
      if ((await fetch(`${proc.url}${path}`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not come up:\n${proc.output().slice(-4000)}`);
}

/** Waits until the process printed a pino line with this message. */
export async function waitForLog(proc: Proc, msg: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.output().includes(`"msg":"${msg}"`)) return;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.name} did not log "${msg}":\n${proc.output().slice(-4000)}`);
}

/** The pino lines of a process with this message. */
export function logLinesOf(proc: Proc, msg: string): Record<string, unknown>[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** SIGTERM (SIGKILL after 10 s) to every process still running. */
export async function stopAll(procs: Proc[]): Promise<void> {
  await Promise.all(
    procs.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
      p.child.kill('SIGTERM');
      await p.exited;
      clearTimeout(timer);
    }),
  );
}

/** A fresh database on TEST_DATABASE_URL's server: its URL and a drop for afterAll. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** One query on its own connection. */
export async function sqlOn<T = Record<string, unknown>>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The `auth=…` cookie of an answer. */
export function authCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth='));
  if (!cookie) throw new Error(`no auth cookie (status ${res.status})`);
  return cookie.split(';')[0] as string;
}
