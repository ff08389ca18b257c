import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp, type BffApp, type CreateAppOptions } from '../../src/bff/app';
import { parseConfig } from '../../src/bff/config';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import type { RenderFn, RenderRequest } from '../../src/bff/types';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Recorded, res: http.ServerResponse) => void;

/** A stand-in backend on port 0: `routes` maps a pathname to a handler; every request is recorded. */
export interface StandIn {
  url: string;
  requests: Recorded[];
  routes: Map<string, Handler>;
  hits(pathname: string): Recorded[];
  close(): Promise<void>;
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export const AUTH_REQUIRED = { error: { code: 'authentication_required', message: 'Log in first' }, authentication_required: true };

export async function startStandIn(routes: Record<string, Handler> = {}): Promise<StandIn> {
  const requests: Recorded[] = [];
  const table = new Map<string, Handler>(Object.entries(routes));
  table.set(
    '/api/settings.php',
    table.get('/api/settings.php') ?? ((_req, res) => json(res, 200, { ...DEFAULT_SETTINGS, name: 'Stand-in site' })),
  );
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const handler = table.get(new URL(recorded.url, 'http://x').pathname);
      if (handler) handler(recorded, res);
      else json(res, 404, { error: { code: 'not_found', message: 'No such call' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes: table,
    hits: (pathname) => requests.filter((r) => new URL(r.url, 'http://x').pathname === pathname),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A port nothing listens on, for a backend that is down: below the kernel's ephemeral range, so no `listen(0)` of
 * this or another test process can take it afterwards (supertest listens on port 0 for every request; a dead port
 * taken from that range once came back as the port of the app's own request, and the app proxied to itself in a loop).
 * Checked to refuse a connection now.
 */
export async function deadPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
}

/** A fake renderer: records the RenderRequest, optionally calls the API, writes a small HTML page. */
export function fakeRenderer(options: { callUser?: boolean; throws?: Error } = {}) {
  const calls: RenderRequest[] = [];
  const render: RenderFn = async (request, res) => {
    calls.push(request);
    if (options.throws) throw options.throws;
    let user: unknown = null;
    if (options.callUser) {
      const answer = await request.api.GET('/user.php');
      user = answer.data?.user ?? null;
    }
    const body = `<!doctype html><html lang="${request.locale}"><title>${request.settings.name}</title><body data-user="${user ? 'yes' : 'no'}"></body></html>`;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(body);
  };
  return { render, calls };
}

export function makeDistDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-dist-'));
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.css'), 'body{}');
  writeFileSync(path.join(dir, 'assets', 'vendor-def456.css'), 'p{}');
  writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/client/entry-client.tsx': {
        file: 'assets/entry-client-abc123.js',
        css: ['assets/entry-client-abc123.css'],
        imports: ['_vendor-def456.js'],
        isEntry: true,
      },
      '_vendor-def456.js': { file: 'assets/vendor-def456.js', css: ['assets/vendor-def456.css'] },
    }),
  );
  return dir;
}

const silentLogger = pino({ level: 'silent' });

/** A pino logger at `debug` writing into memory: every line it writes, as written (JSON text). */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    /** Resolves once a written line satisfies `test` (access-log lines are written when the response finishes). */
    async waitFor(test: (line: string) => boolean, timeoutMs = 2_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (!lines.some(test)) {
        if (Date.now() > until) throw new Error(`no log line matched within ${timeoutMs} ms:\n${lines.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

export function makeApp(backendUrl: string, overrides: Partial<CreateAppOptions> & { env?: Record<string, string> } = {}): BffApp {
  const { env, ...rest } = overrides;
  const config = parseConfig({ LOG_LEVEL: 'silent', DIST_DIR: makeDistDir(), ...env });
  return createApp({
    config,
    backendUrl,
    logger: silentLogger,
    render: fakeRenderer().render,
    retry: { baseMs: 1, capMs: 5 },
    ...rest,
  });
}

export function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
}
