/**
 * Metrics benchmark: what recording a request's metrics costs next to the request itself. Measures, in one process:
 * - the CPU of one request's metric records — the BFF's (incoming request counter and duration histogram, plus the
 *   backend call's counter, histogram and attempt counter the proxy records) and the backend's (lib/ops.ts: counter
 *   and histogram per operation) — over 200,000 records each;
 * - the CPU of one proxied `/api/*.php` request served by a BFF app (createApp, production options) in front of a
 *   small JSON backend, both in this process, with the client: process.cpuUsage over BENCH_REQUESTS sequential
 *   keep-alive requests (client and stand-in included, so the share below is an upper bound for the BFF alone);
 * - a scrape of /_ops/metrics after that load;
 * - the backend's own probes under load: /healthz and /readyz (lib/ops.ts, over an in-memory PGlite with every
 *   migration, or PostgreSQL at BENCH_DATABASE_URL) asked every 20 ms while BENCH_LOAD_CLIENTS clients keep a database-bound route of the same process
 *   busy for BENCH_LOAD_SECONDS; their latency p50/p95/max as the client saw it (client and load in the same process,
 *   so an upper bound).
 * Prints the figures and the share of a request's CPU the metrics take. Run: `npm run bench:metrics`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { Counter, Histogram, Registry } from 'prom-client';
import { pino } from 'pino';
import { createLocalBus } from '../mock-backend/lib/bus';
import { createPgDb, createPgliteDb, raw, sql } from '../mock-backend/lib/db';
import { migrate } from '../mock-backend/lib/migrate';
import { createOps } from '../mock-backend/lib/ops';
import { createApp } from '../src/bff/app';
import { parseConfig } from '../src/bff/config';
import { createMetrics } from '../src/bff/metrics';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const RECORDS = 200_000;

function cpuMicros(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

// 1. One request's metric records.
const bff = createMetrics({ defaultMetrics: false });
const bffRecord =
  cpuMicros(() => {
    for (let i = 0; i < RECORDS; i += 1) {
      bff.incoming({ route: 'api:getInterests', method: 'GET', status: 200 }, 0.002);
      bff.attempt({ backend: 'default', operation: 'getInterests' });
      bff.request({ backend: 'default', operation: 'getInterests', outcome: '2xx' }, 0.0015);
    }
  }) / RECORDS;
const registry = new Registry();
const requests = new Counter({ name: 'r_total', help: 'h', labelNames: ['operation', 'status'] as const, registers: [registry] });
const duration = new Histogram({
  name: 'd_seconds',
  help: 'h',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const backendRecord =
  cpuMicros(() => {
    for (let i = 0; i < RECORDS; i += 1) {
      const started = process.hrtime.bigint();
      requests.inc({ operation: 'GET /api/interests.php', status: '200' });
      duration.observe({ operation: 'GET /api/interests.php' }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }) / RECORDS;

// 2. One proxied request, end to end in this process.
const PAYLOAD = JSON.stringify({ interests: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, key: `interest-${i + 1}` })) });
const backend = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) });
  res.end(PAYLOAD);
});
await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
const dist = mkdtempSync(path.join(tmpdir(), 'bench-metrics-'));
mkdirSync(path.join(dist, '.vite'), { recursive: true });
writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
const token = 'bench-operator-token-0123456789abcdef';
const app = createApp({
  config: parseConfig({ LOG_LEVEL: 'silent', DIST_DIR: dist, OPERATOR_TOKEN: token }),
  backendUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
  logger: pino({ level: 'info' }, { write: () => {} }),
  render: async (_request, res) => void res.end('<html></html>'),
});
const server = app.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p: string, headers: Record<string, string> = {}) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(`${base}${p}`, { agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
for (let i = 0; i < 300; i += 1) await get('/api/interests.php');
const before = process.cpuUsage();
for (let i = 0; i < REQUESTS; i += 1) await get('/api/interests.php');
const used = process.cpuUsage(before);
const perRequest = (used.user + used.system) / REQUESTS;
const scrapeStart = process.cpuUsage();
const scraped = await get('/_ops/metrics', { authorization: `Bearer ${token}` });
const scrapeCpu = process.cpuUsage(scrapeStart);

const fmt = (n: number) => n.toFixed(2);
process.stdout.write(
  [
    `BFF metric records per proxied request: ${fmt(bffRecord)} µs CPU`,
    `backend metric records per request: ${fmt(backendRecord)} µs CPU`,
    `one proxied request (BFF + stand-in backend + client, one process): ${fmt(perRequest)} µs CPU over ${REQUESTS} requests`,
    `metrics share of a proxied request's CPU: BFF ${fmt((100 * bffRecord) / perRequest)} %, backend ${fmt((100 * backendRecord) / perRequest)} % (of this cheaper request; a backend request with a database query costs more)`,
    `one scrape of /_ops/metrics: ${fmt((scrapeCpu.user + scrapeCpu.system) / 1000)} ms CPU, ${scraped.length} bytes`,
  ].join('\n') + '\n',
);
server.close();
server.closeAllConnections();
backend.close();
backend.closeAllConnections();
agent.destroy();
app.dispose();

// 3. The backend's probes while the process and its database are busy.
const LOAD_CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 16);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
// BENCH_DATABASE_URL: PostgreSQL (a schema of its own, dropped afterwards) as the instances of a cluster run; else
// the embedded PGlite, whose queries run on the process's own thread.
const benchUrl = process.env.BENCH_DATABASE_URL;
const benchSchema = `bench_${process.pid}`;
if (benchUrl) {
  const admin = createPgDb(benchUrl, { max: 1 });
  await admin.query(sql`CREATE SCHEMA IF NOT EXISTS ${raw(benchSchema)}`);
  await admin.close();
}
const db = benchUrl ? createPgDb(benchUrl, { searchPath: benchSchema, max: 10 }) : await createPgliteDb();
await migrate(db);
const ops = createOps({ db, bus: createLocalBus(), jobs: { running: () => true, stats: async () => [] } });
const loaded = express();
loaded.use((req, res, next) => ops.measure(req, res, next));
loaded.use(ops.routes);
// A database-bound request: the kind of work that queues in front of the probe's own check.
loaded.get('/api/load.php', async (_req, res) => {
  res.json(await db.query(sql`SELECT count(*)::int AS n, sum(g)::bigint AS total FROM generate_series(1, 20000) AS g`));
});
const loadedServer = loaded.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => loadedServer.once('listening', resolve));
const loadedBase = `http://127.0.0.1:${(loadedServer.address() as AddressInfo).port}`;
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CLIENTS });
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const fetchOn = (a: http.Agent, p: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${loadedBase}${p}`, { agent: a }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
const until = Date.now() + LOAD_SECONDS * 1000;
let served = 0;
const clients = Array.from({ length: LOAD_CLIENTS }, async () => {
  while (Date.now() < until) {
    await fetchOn(loadAgent, '/api/load.php');
    served += 1;
  }
});
const latencies: Record<'/healthz' | '/readyz', number[]> = { '/healthz': [], '/readyz': [] };
const notReady: number[] = [];
const prober = (async () => {
  await new Promise((r) => setTimeout(r, 200)); // the load is running
  while (Date.now() < until) {
    for (const probe of ['/healthz', '/readyz'] as const) {
      const started = performance.now();
      const status = await fetchOn(probeAgent, probe);
      latencies[probe].push(performance.now() - started);
      if (status !== 200) notReady.push(status);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
})();
await Promise.all([...clients, prober]);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const probeLine = (probe: '/healthz' | '/readyz') => {
  const v = latencies[probe];
  return `${probe} p50 ${fmt(quantile(v, 0.5))} ms, p95 ${fmt(quantile(v, 0.95))} ms, max ${fmt(Math.max(...v))} ms (${v.length} asks)`;
};
process.stdout.write(
  `backend probe latency under load (${benchUrl ? 'PostgreSQL' : 'PGlite'}, ${LOAD_CLIENTS} clients on a database-bound route, ${served} of its requests in ${LOAD_SECONDS} s): ` +
    `${probeLine('/healthz')}; ${probeLine('/readyz')}; ${notReady.length} answers other than 200\n`,
);
loadedServer.close();
loadedServer.closeAllConnections();
loadAgent.destroy();
probeAgent.destroy();
if (benchUrl) await db.query(sql`DROP SCHEMA ${raw(benchSchema)} CASCADE`);
await db.close();
