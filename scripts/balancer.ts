import { request, Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pino } from 'pino';

/**
 * A small HTTP load balancer for running several BFFs on one machine (scripts/cluster.sh), standing in for the
 * nginx of docker-compose.yml: round robin over the upstreams that pass their readiness probe, the visitor's address
 * appended to X-Forwarded-For (the BFFs run with TRUST_PROXY=1), responses streamed as they come (event streams and
 * streamed pages pass through unbuffered).
 *
 *   BALANCER_PORT=3000 BALANCER_UPSTREAMS=http://127.0.0.1:3111,http://127.0.0.1:3112 node --import tsx scripts/balancer.ts
 *
 * Each upstream is probed every second: `GET /readyz` answering 2xx takes it in, anything else (or no answer within
 * a second) takes it out; an upstream without /readyz (404) is judged by `GET /healthz`, and one without either by
 * answering at all. A request whose upstream
 * refuses the connection goes to the next one when it has no body (GET, HEAD); otherwise it is answered 502.
 * SIGTERM/SIGINT: stop accepting, end open connections, exit.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const PROBE_EVERY_MS = 1000;

interface Upstream {
  url: URL;
  ready: boolean;
}

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'balancer' } });
const port = Number(process.env.BALANCER_PORT ?? 3000);
const host = process.env.BALANCER_HOST ?? '127.0.0.1';
const upstreams: Upstream[] = (process.env.BALANCER_UPSTREAMS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => ({ url: new URL(s), ready: false }));
if (upstreams.length === 0 || !Number.isInteger(port)) {
  process.stderr.write('Set BALANCER_UPSTREAMS (comma-separated http:// URLs) and BALANCER_PORT.\n');
  process.exit(1);
}
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

async function probe(upstream: Upstream): Promise<void> {
  const get = (path: string) => fetch(new URL(path, upstream.url), { signal: AbortSignal.timeout(1000) });
  let ready: boolean;
  try {
    const readyz = await get('/readyz');
    if (readyz.status !== 404) ready = readyz.ok;
    else {
      const healthz = await get('/healthz');
      ready = healthz.ok || healthz.status === 404;
    }
  } catch {
    ready = false;
  }
  if (ready !== upstream.ready) logger.info({ upstream: upstream.url.origin, ready }, ready ? 'upstream in' : 'upstream out');
  upstream.ready = ready;
}
const probeAll = () => Promise.all(upstreams.map(probe));
const prober = setInterval(() => void probeAll(), PROBE_EVERY_MS);

let next = 0;
/** The ready upstreams in round-robin order, starting with the next one's turn. */
function order(): Upstream[] {
  const ready = upstreams.filter((u) => u.ready);
  const start = next++ % Math.max(ready.length, 1);
  return [...ready.slice(start), ...ready.slice(0, start)];
}

function forwardHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  return headers;
}

function pass(req: IncomingMessage, res: ServerResponse, candidates: Upstream[]): void {
  const upstream = candidates[0];
  if (!upstream) {
    res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('No upstream is ready\n');
    return;
  }
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  const outgoing = request(
    { host: upstream.url.hostname, port: upstream.url.port, method: req.method, path: req.url, headers: forwardHeaders(req), agent },
    (answer) => {
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      res.writeHead(answer.statusCode ?? 502, headers);
      res.flushHeaders();
      answer.pipe(res);
      res.once('close', () => answer.destroy());
    },
  );
  outgoing.once('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) return void res.destroy();
    if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') upstream.ready = false;
    if (bodyless && error.code === 'ECONNREFUSED' && candidates.length > 1) return pass(req, res, candidates.slice(1));
    logger.warn({ upstream: upstream.url.origin, code: error.code }, 'upstream failed');
    res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway\n');
  });
  req.once('aborted', () => outgoing.destroy());
  if (bodyless) outgoing.end();
  else req.pipe(outgoing);
}

const sockets = new Set<Socket>();
const server = createServer((req, res) => pass(req, res, order()));
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});

await probeAll();
server.listen(port, host, () => logger.info({ port, host, upstreams: upstreams.map((u) => u.url.origin) }, 'balancer listening'));

const stop = (signal: string) => {
  logger.info({ signal }, 'balancer stopping');
  clearInterval(prober);
  server.close(() => process.exit(0));
  for (const socket of sockets) socket.destroy();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
