/**
 * SSR benchmark: starts the real site (BFF + embedded backend, fresh demo database) once in development and once in
 * production mode (NODE_ENV, as `npm start` and the Docker image run it), then sends N page requests per path with C
 * concurrent clients and prints latency p50/p95/p99, throughput and the resident memory of both processes.
 * Run: `npm run build && npm run bench:ssr` (BENCH_REQUESTS, BENCH_CONCURRENCY to change the load).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startSite } from '../tests/e2e/support/server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PATHS = ['/', '/members', '/members/5', '/pages/terms', '/landers/gallery'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Resident memory (MiB) of a process group: the BFF and its embedded backend. */
function groupRssMiB(pid: number): number {
  const pids = execFileSync('pgrep', ['-g', String(pid)]).toString().trim().split('\n');
  let kib = 0;
  for (const p of pids) {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
    kib += Number(match?.[1] ?? 0);
  }
  return Math.round(kib / 1024);
}

async function load(url: string): Promise<{ times: number[]; seconds: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        const res = await fetch(url, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 bench' } });
        await res.arrayBuffer();
        if (res.status >= 500) failures += 1;
        times.push(performance.now() - t);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, failures };
}

for (const mode of ['development', 'production'] as const) {
  const site = await startSite({ NODE_ENV: mode, LOG_LEVEL: 'error' });
  try {
    for (const path of PATHS) await load(`${site.url}${path}`).catch(() => undefined); // warm up
    process.stdout.write(`\nNODE_ENV=${mode}, ${REQUESTS} requests per path, ${CONCURRENCY} concurrent (ms)\n`);
    process.stdout.write('path                 p50     p95     p99   req/s  5xx\n');
    for (const path of PATHS) {
      const { times, seconds, failures } = await load(`${site.url}${path}`);
      const row = [percentile(times, 50), percentile(times, 95), percentile(times, 99)].map((v) => v.toFixed(1).padStart(7));
      process.stdout.write(`${path.padEnd(18)}${row.join(' ')} ${(times.length / seconds).toFixed(0).padStart(7)} ${String(failures).padStart(4)}\n`);
    }
    process.stdout.write(`resident memory of BFF + backend: ${groupRssMiB(site.pid)} MiB\n`);
  } finally {
    await site.stop();
  }
}
