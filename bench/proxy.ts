/**
 * Proxy benchmark: what the BFF adds to an `/api/*.php` call. Starts a small JSON backend and a BFF in
 * front of it (each its own process, the BFF with its routing, retry budget, breaker, deadlines and metrics as in
 * production), then loads the same GET directly and through the BFF: sequential latency p50/p95/p99 (the BFF's added
 * latency is the difference) and throughput with C concurrent clients (the ratio BFF/direct). A shadowed run adds a
 * candidate backend and shadows the call, to show that shadow reads do not slow the primary answer; a plain Node proxy
 * (http.request piped, nothing else) is the baseline of what any extra process hop costs on the machine.
 * Both for interests.php (always forwarded) and settings.php (answered by the BFF while a recent answer for the same
 * visitor is fresh, src/bff/settings-answers.ts); then settings.php once more against the real backend (mock-backend
 * on its embedded PGlite with the demo data, started as `npm run backend` would), for the page-speed comparison.
 * Run: `npx tsx bench/proxy.ts` (BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_SECONDS to change the load).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Assets } from '../src/bff/types';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// interests.php is forwarded on every call; settings.php is answered by the BFF itself while a recent answer for the
// same visitor is fresh (src/bff/settings-answers.ts, 30 s), as the "BFF overhead on settings.php" target reads it.
const PATHS = ['/api/interests.php', '/api/settings.php?host=bench.test'];
const SELF = fileURLToPath(import.meta.url);

const PAYLOAD = JSON.stringify({ interests: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, key: `interest-${i + 1}` })) });

/** Child: the backend (a fixed JSON answer of ~1.2 kB, like interests.php). */
async function serveBackend(): Promise<void> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) });
    res.end(PAYLOAD);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port });
}

/** Child: the thinnest possible Node proxy (http.request piped both ways, keep-alive), as a baseline for the BFF. */
async function servePlainProxy(target: string): Promise<void> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const server = http.createServer((req, res) => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port });
}

/** Child: the BFF in front of the backend(s). */
async function serveBff(primary: string, candidate: string | undefined): Promise<void> {
  const { pino } = await import('pino');
  const { createApp } = await import('../src/bff/app');
  const { parseConfig } = await import('../src/bff/config');
  const { routingPlanOf } = await import('../src/bff/routing');
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent' });
  const routing = routingPlanOf({
    backends: { primary, ...(candidate ? { candidate } : {}) },
    default: 'primary',
    ...(candidate ? { shadow: { max_concurrent: 8, operations: { getInterests: { candidate: 'candidate' } } } } : {}),
  });
  // No pages are asked for here: empty assets instead of a Vite build.
  const backendSecret = process.env.BENCH_BACKEND_SECRET;
  const app = createApp({
    config,
    routing,
    logger: pino({ level: 'silent' }),
    assets: {} as Assets,
    ...(backendSecret ? { backendSecret } : {}),
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port });
}

function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const profile =
    process.env.BENCH_PROFILE && args[0] === '--serve-bff' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(SELF, args, { execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: `http://127.0.0.1:${(m as { port: number }).port}` }));
    child.once('exit', (code) => reject(new Error(`child ${args[0]} exited with ${code}`)));
  });
}

/** The real backend (`mock-backend`, embedded PGlite with the demo data) as `npm run backend` starts it. */
async function startRealBackend(secret: string): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-proxy-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-backend/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      BACKEND_SECRET: secret,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${url}/api/settings.php?host=localhost`)).ok) return { child, url, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the real backend did not start');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.once('end', () => (res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`status ${res.statusCode}`))));
      })
      .once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function latency(url: string): Promise<{ p50: number; p95: number; p99: number }> {
  for (let i = 0; i < 200; i += 1) await get(url); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await get(url));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function throughput(url: string): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await get(url);
        done += 1;
      }
    }),
  );
  return done / SECONDS;
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main(): Promise<void> {
  const backend = await start(['--serve-backend']);
  const candidate = await start(['--serve-backend']);
  const bff = await start(['--serve-bff', backend.url]);
  const shadowed = await start(['--serve-bff', backend.url, candidate.url]);
  const plain = await start(['--serve-plain', backend.url]);
  try {
    for (const PATH of PATHS) {
      const direct = await latency(`${backend.url}${PATH}`);
      const baseline = await latency(`${plain.url}${PATH}`);
      const proxied = await latency(`${bff.url}${PATH}`);
      const withShadow = await latency(`${shadowed.url}${PATH}`);
      const directRps = await throughput(`${backend.url}${PATH}`);
      const baselineRps = await throughput(`${plain.url}${PATH}`);
      const proxiedRps = await throughput(`${bff.url}${PATH}`);
      console.log(`\nGET ${PATH}, ${REQUESTS} sequential requests, then ${CONCURRENCY} clients for ${SECONDS} s (keep-alive everywhere)`);
      console.log(`latency direct        p50 ${ms(direct.p50)}  p95 ${ms(direct.p95)}  p99 ${ms(direct.p99)}`);
      console.log(`latency plain proxy   p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}  p99 ${ms(baseline.p99)}`);
      console.log(`latency through BFF   p50 ${ms(proxied.p50)}  p95 ${ms(proxied.p95)}  p99 ${ms(proxied.p99)}`);
      console.log(`latency BFF + shadow  p50 ${ms(withShadow.p50)}  p95 ${ms(withShadow.p95)}  p99 ${ms(withShadow.p99)}`);
      console.log(`added by the BFF      p50 ${ms(proxied.p50 - direct.p50)}  p95 ${ms(proxied.p95 - direct.p95)}`);
      console.log(
        `throughput direct ${directRps.toFixed(0)} req/s, through BFF ${proxiedRps.toFixed(0)} req/s, ratio ${(proxiedRps / directRps).toFixed(2)}`,
      );
      console.log(
        `throughput through a plain Node proxy ${baselineRps.toFixed(0)} req/s (ratio ${(baselineRps / directRps).toFixed(2)}): the cost of any extra hop here`,
      );
    }
    // The same target against the real backend: settings.php there reads the site from the database on every call.
    const secret = randomBytes(24).toString('hex');
    const real = await startRealBackend(secret);
    process.env.BENCH_BACKEND_SECRET = secret;
    const realBff = await start(['--serve-bff', real.url]);
    try {
      const SETTINGS = '/api/settings.php?host=localhost';
      const direct = await latency(`${real.url}${SETTINGS}`);
      const proxied = await latency(`${realBff.url}${SETTINGS}`);
      const directRps = await throughput(`${real.url}${SETTINGS}`);
      const proxiedRps = await throughput(`${realBff.url}${SETTINGS}`);
      console.log(`\nGET ${SETTINGS} of the real backend (mock-backend, embedded PGlite, demo data), same load`);
      console.log(`latency direct        p50 ${ms(direct.p50)}  p95 ${ms(direct.p95)}  p99 ${ms(direct.p99)}`);
      console.log(`latency through BFF   p50 ${ms(proxied.p50)}  p95 ${ms(proxied.p95)}  p99 ${ms(proxied.p99)}`);
      console.log(`added by the BFF      p50 ${ms(proxied.p50 - direct.p50)}  p95 ${ms(proxied.p95 - direct.p95)}`);
      console.log(
        `throughput direct ${directRps.toFixed(0)} req/s, through BFF ${proxiedRps.toFixed(0)} req/s, ratio ${(proxiedRps / directRps).toFixed(2)}`,
      );
    } finally {
      realBff.child.kill('SIGTERM');
      real.child.kill('SIGTERM');
      await new Promise((resolve) => real.child.once('exit', resolve));
      rmSync(real.dataDir, { recursive: true, force: true });
    }
  } finally {
    for (const c of [backend, candidate, bff, shadowed, plain]) c.child.kill('SIGTERM');
    agent.destroy();
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode) process.once('SIGTERM', () => process.exit(0)); // a child: exit normally (writes a --cpu-prof profile)
if (mode === '--serve-backend') void serveBackend();
else if (mode === '--serve-bff') void serveBff(rest[0]!, rest[1]);
else if (mode === '--serve-plain') void servePlainProxy(rest[0]!);
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
