import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/**
 * Starts the real site (BFF + embedded backend, fresh DATA_DIR, free port) and waits until /healthz answers 200.
 * The client build (`npm run build`) must have run before. From the TypeScript sources through tsx by default;
 * `compiled: true` runs `dist/server/bff.js` as `npm start` does (the server build must be current).
 */
export async function startSite(env: Record<string, string> = {}, options: { compiled?: boolean } = {}): Promise<RunningSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  let log = '';
  // The site under test never inherits a backend or database from the shell that runs the tests.
  const { BACKEND_URL: _backend, DATABASE_URL: _database, ...inherited } = process.env;
  const args = options.compiled ? ['dist/server/bff.js'] : ['--import', 'tsx', 'src/bff/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return { url, pid: child.pid ?? 0, dataDir, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`site did not become healthy on ${url}:\n${log}`);
}
