/**
 * SSR benchmark: starts the real site as `npm start` runs it (NODE_ENV=production, compiled `dist/server/bff.js` with
 * its embedded backend, fresh demo database) and prints, per page, for a visitor and for a logged-in member:
 *   - latency p50/p95 with 1 connection and with 8 connections (and the 8-connection throughput), and the time to
 *     the first byte (a streamed page sends its shell first; requests carry a browser's user agent, BENCH_UA to change);
 *   - CPU time per page in each process (BFF, backend), from /proc over the 1-connection run — on a shared machine
 *     the CPU time is the figure to compare, wall time includes waiting for the other processes;
 *   - backend calls per page before the first byte and the waves they came in (the page's Server-Timing header);
 *   - HTML size and the size of its serialised state (<script id="__APP_STATE__"> and a streamed page's
 *     <script id="__PAGE_DATA__">), uncompressed;
 *   - resident memory of each process (BFF, backend, PSP simulator) once started and idle, and after the run;
 *   - first, this machine's speed (bench/support/machine.ts): compare figures of two machines only with it.
 * Prints figures, asserts nothing. Run: `npm run build && npm run bench:ssr` (BENCH_REQUESTS, default 200).
 * BENCH_WARMUP: requests per page and visitor before the measured ones (default 20, on two connections).
 * BENCH_PATHS lists the pages (comma-separated; `:chat` in a path stands for the member's newest conversation, e.g.
 * `/chats/:chat`), BENCH_WHO `visitor`, `member` or both (the default).
 */
import { startSite } from '../tests/e2e/support/server';
import { buildServer, cpuMs, memoryLine, settle, siteProcesses } from './support/processes';
import { loginCookie } from './support/login';
import { describeMachine, measureMachine } from './support/machine';
import { BFF_MALLOC_TUNABLES } from '../src/shared/malloc-tunables';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
// A browser's (a bot gets the whole page at once, not the streamed shell first): BENCH_UA='Mozilla/5.0 bench' for a bot.
const USER_AGENT =
  process.env.BENCH_UA ?? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
// Every page a member uses most has its line: the search, a profile, the chats, a conversation, credits and likes.
const PATHS = (process.env.BENCH_PATHS ?? '/,/members,/members/5,/chats,/chats/:chat,/credits,/likes,/pages/terms,/landers/gallery').split(
  ',',
);
const WHO = (process.env.BENCH_WHO ?? 'visitor,member').split(',');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Sample {
  ms: number;
  /** Until the response's headers, which go out with the first byte (the shell, on a streamed page). */
  firstByteMs: number;
  calls: number;
  waves: number;
  html: number;
  state: number;
  status: number;
}

async function one(url: string, cookie: string | undefined): Promise<Sample> {
  const t = performance.now();
  const res = await fetch(url, {
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', 'user-agent': USER_AGENT, ...(cookie ? { cookie } : {}) },
  });
  const firstByteMs = performance.now() - t;
  const html = await res.text();
  const ms = performance.now() - t;
  const timing = /(\d+) calls in (\d+) waves/.exec(res.headers.get('server-timing') ?? '');
  // The app state, plus a streamed page's data (which follows the shell in its own script).
  const state = [
    /<script id="__APP_STATE__" type="application\/json">(.*?)<\/script>/s,
    /<script id="__PAGE_DATA__" type="application\/json">(.*?)<\/script>/s,
  ]
    .map((re) => re.exec(html)?.[1] ?? '')
    .join('');
  return {
    ms,
    firstByteMs,
    calls: Number(timing?.[1] ?? -1),
    waves: Number(timing?.[2] ?? -1),
    html: Buffer.byteLength(html),
    state: Buffer.byteLength(state),
    status: res.status,
  };
}

async function load(
  url: string,
  cookie: string | undefined,
  connections: number,
  requests: number,
): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests) {
        next += 1;
        samples.push(await one(url, cookie));
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** The member's newest conversation, for a path's `:chat`. */
async function newestChat(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/chats.php`, { headers: { cookie, accept: 'application/json' } });
  const body = (await res.json()) as { chats?: Array<{ conversation: number }> };
  const chat = body.chats?.[0]?.conversation;
  if (!res.ok || chat === undefined) throw new Error(`no conversation for :chat (${res.status})`);
  return String(chat);
}

const fmt = (v: number, digits = 1) => v.toFixed(digits);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

// This machine's speed first: machines of one kind differ by up to two times in the figures below.
process.stdout.write(`${describeMachine(await measureMachine())}\n`);
buildServer(process.cwd());
// The environment npm start and the Docker image give the BFF (the BFF gives the embedded backend its own malloc settings).
const site = await startSite(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    GLIBC_TUNABLES: BFF_MALLOC_TUNABLES,
  },
  { compiled: true },
);
try {
  const procs = siteProcesses(site.pid);
  await settle(procs);
  process.stdout.write(`resident memory, idle after start (settled): ${memoryLine(procs)}\n`);
  const member = await loginCookie(site.url, 'premium@demo.test');
  const who = (
    [
      ['visitor', undefined],
      ['member', member],
    ] as Array<[string, string | undefined]>
  ).filter(([label]) => WHO.includes(label));
  const chat = PATHS.some((path) => path.includes(':chat')) ? await newestChat(site.url, member) : '';
  const paths = PATHS.map((path) => path.replace(':chat', chat));
  for (const [, cookie] of who)
    for (const path of paths) await load(`${site.url}${path}`, cookie, 2, Number(process.env.BENCH_WARMUP ?? 20)); // warm up
  process.stdout.write(
    `\nNODE_ENV=production, ${REQUESTS} requests per page and connection count; ms; CPU = user+system ms per page in each process (1 connection)\n`,
  );
  process.stdout.write(
    `${'page'.padEnd(18)} ${'who'.padEnd(8)} ${'1c p50'.padStart(7)} ${'1c p95'.padStart(7)} ${'1c TTFB'.padStart(7)} ${'8c p50'.padStart(7)} ${'8c p95'.padStart(7)} ${'8c r/s'.padStart(7)} ${'BFF CPU'.padStart(8)} ${'API CPU'.padStart(8)} ${'calls'.padStart(5)} ${'waves'.padStart(5)} ${'HTML KB'.padStart(8)} ${'state KB'.padStart(8)}\n`,
  );
  for (const path of paths) {
    for (const [label, cookie] of who) {
      const url = `${site.url}${path}`;
      const bffBefore = cpuMs(procs.bff);
      const apiBefore = cpuMs(procs.backend);
      const single = await load(url, cookie, 1, REQUESTS);
      const bffCpu = (cpuMs(procs.bff) - bffBefore) / REQUESTS;
      const apiCpu = (cpuMs(procs.backend) - apiBefore) / REQUESTS;
      const eight = await load(url, cookie, 8, REQUESTS);
      const t1 = single.samples.map((s) => s.ms).sort((a, b) => a - b);
      const t8 = eight.samples.map((s) => s.ms).sort((a, b) => a - b);
      const f1 = single.samples.map((s) => s.firstByteMs).sort((a, b) => a - b);
      const last = single.samples.at(-1) as Sample;
      const failures = [...single.samples, ...eight.samples].filter((s) => s.status >= 500).length;
      process.stdout.write(
        `${path.padEnd(18)} ${label.padEnd(8)} ${fmt(percentile(t1, 50)).padStart(7)} ${fmt(percentile(t1, 95)).padStart(7)} ${fmt(percentile(f1, 50)).padStart(7)} ${fmt(percentile(t8, 50)).padStart(7)} ${fmt(percentile(t8, 95)).padStart(7)} ${fmt(eight.samples.length / eight.seconds, 0).padStart(7)} ${fmt(bffCpu).padStart(8)} ${fmt(apiCpu).padStart(8)} ${String(last.calls).padStart(5)} ${String(last.waves).padStart(5)} ${kb(last.html).padStart(8)} ${kb(last.state).padStart(8)}${failures ? `  (${failures} × 5xx)` : ''}\n`,
      );
    }
  }
  process.stdout.write(`resident memory after the run: ${memoryLine(procs)}\n`);
} finally {
  await site.stop();
}
