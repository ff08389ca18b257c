/**
 * Metrics benchmark: what recording a request's metrics costs next to the request itself. Measures, in one process:
 * - the CPU of one request's metric records — the BFF's (incoming request counter and duration histogram, plus the
 *   backend call's counter, histogram and attempt counter the proxy records) and the backend's (lib/ops.ts: counter
 *   and histogram per operation) — over 200,000 records each;
 * - the CPU of one proxied `/api/*.php` request served by a BFF app (createApp, production options) in front of a
 *   small JSON backend, both in this process, with the client: process.cpuUsage over BENCH_REQUESTS sequential
 *   keep-alive requests (client and stand-in included, so the share below is an upper bound for the BFF alone);
 * - a scrape of /_ops/metrics after that load.
 * Prints the figures and the share of a request's CPU the metrics take. Run: `npm run bench:metrics`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Counter, Histogram, Registry } from 'prom-client';
import { pino } from 'pino';
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
