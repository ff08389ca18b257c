/**
 * A bounded SIGTERM shutdown, as an orchestrator sends one before it replaces an instance: a BFF and then its backend
 * (on PostgreSQL, TEST_DATABASE_URL's server) each receive SIGTERM while a request is in flight — its body still
 * arriving — and a member's event stream is open. Each stops accepting connections at once, ends the stream with a
 * `retry:` hint, finishes the request in flight with its real answer, stops its job workers (the backend) and exits
 * by itself with status 0: the forced exit after the bound (10 s) would be status 1 and logged. A caller's idle
 * kept-alive connection, which the servers would otherwise keep for 65 s, is closed at once.
 */
import { Agent, get as httpGet, request as httpRequest, type ClientRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../e2e/support/server';
import { authCookieOf, freshDatabase, logLinesOf, startProcess, stopAll, waitUntilUp, type Proc } from './harness';

const SECRET = randomBytes(32).toString('hex');
const procs: Proc[] = [];
const dataDirs: string[] = [];
let dropDatabase = async () => {};
let backend: Proc;
let bff: Proc;

beforeAll(async () => {
  const database = await freshDatabase('shutdown');
  dropDatabase = database.drop;
  const [backendPort, bffPort] = await Promise.all([freePort(), freePort()]);
  const dirs = [0, 1].map((i) => mkdtempSync(join(tmpdir(), `shutdown-${i}-`)));
  dataDirs.push(...dirs);
  backend = startProcess(
    'backend',
    'mock-backend/main.ts',
    {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DEMO_SEED: 'true',
      DATA_DIR: dirs[0] as string,
      BACKEND_SECRET: SECRET,
      PUBLIC_URL: 'http://localhost:3000',
    },
    backendPort,
  );
  procs.push(backend);
  await waitUntilUp(backend, '/readyz');
  bff = startProcess('bff', 'src/bff/main.ts', { BACKEND_URL: backend.url, BACKEND_SECRET: SECRET, DATA_DIR: dirs[1] as string }, bffPort);
  procs.push(bff);
  await waitUntilUp(bff, '/readyz');
}, 240_000);

afterAll(async () => {
  await stopAll(procs);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await dropDatabase();
}, 60_000);

/** A complaint (on a keep-alive connection) whose body arrives in two parts: the first now, the second when `finish` is called. */
function slowComplaint(base: string): {
  finish: () => void;
  answer: Promise<{ status: number; connection: string | undefined; body: string }>;
} {
  const body = JSON.stringify({
    name: 'Slow',
    email: 'slow@example.test',
    category: 'other',
    message: `A complaint whose body arrives slowly ${randomBytes(3).toString('hex')}.`,
  });
  const half = Math.floor(body.length / 2);
  let req: ClientRequest | undefined;
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    req = httpRequest(
      `${base}/api/complaints.php`,
      {
        method: 'POST',
        agent: new Agent({ keepAlive: true }),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
  });
  return { finish: () => req?.end(body.slice(half)), answer };
}

/** An open event stream of the member: everything it received, and when it ended. */
async function openStream(base: string, cookie: string): Promise<{ text: () => string; ended: Promise<void> }> {
  const res = await fetch(`${base}/api/events.php`, { headers: { cookie, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  let text = '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  await vi.waitFor(() => expect(text).toContain('retry:'), { timeout: 10_000 });
  return { text: () => text, ended };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'premium@demo.test', password: 'demo-password' }),
  });
  return authCookieOf(res);
}

/**
 * A kept-alive connection left idle after one answer, as a caller's agent keeps it: the keep-alive the server announced,
 * and when the connection closed.
 */
async function idleConnection(base: string): Promise<{ announced: string | undefined; closed: Promise<void> }> {
  const agent = new Agent({ keepAlive: true });
  const announced = await new Promise<string | undefined>((resolve, reject) => {
    httpGet(`${base}/healthz`, { agent }, (res) => {
      res.resume();
      const value = res.headers['keep-alive'];
      res.on('end', () => resolve(Array.isArray(value) ? value.join(', ') : value));
    }).on('error', reject);
  });
  // The agent takes the socket back once the answer's end has been handled.
  await new Promise((resolve) => setImmediate(resolve));
  const [socket] = Object.values(agent.freeSockets).flat();
  if (!socket) throw new Error('the connection was not kept alive');
  return { announced, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
}

/** Sends SIGTERM and checks what must hold before the process exits; answers its exit. */
async function terminateWithWorkInFlight(proc: Proc, cookie: string, hint: 'at its end' | 'from its start') {
  // Our servers keep an idle connection longer than their callers do (65 s), and SIGTERM closes it at once anyway.
  const idle = await idleConnection(proc.url);
  expect(idle.announced).toBe('timeout=65');
  const stream = await openStream(proc.url, cookie);
  const before = stream.text().length;
  const slow = slowComplaint(proc.url);
  // The request is in flight (its headers arrived) before the signal.
  await new Promise((r) => setTimeout(r, 300));
  proc.child.kill('SIGTERM');

  // The stream ends by itself with a reconnection hint: the BFF writes one at its end; the backend's streams carry
  // theirs from their first line (a browser keeps the last one it got).
  await stream.ended;
  if (hint === 'at its end') expect(stream.text().slice(before)).toMatch(/retry: \d+\n\n$/);
  else expect(stream.text()).toMatch(/^retry: \d+\n/);
  // No new connection is accepted, while the request in flight is still running.
  await expect(fetch(`${proc.url}/healthz`)).rejects.toThrow();
  expect(proc.child.exitCode).toBeNull();

  slow.finish();
  const answer = await slow.answer;
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toEqual(expect.any(Object));
  // Its keep-alive connection closes with it, rather than holding the exit until the client lets go.
  expect(answer.connection).toBe('close');
  await idle.closed;
  return proc.exited;
}

describe('SIGTERM with a request in flight and an event stream open', () => {
  it('When the BFF receives SIGTERM, then it stops accepting, ends the stream with a retry hint, finishes the request and exits by itself with status 0', async () => {
    const cookie = await login(bff.url);
    const exit = await terminateWithWorkInFlight(bff, cookie, 'at its end');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(logLinesOf(bff, 'shutting down')).toHaveLength(1);
    expect(bff.output()).not.toContain('graceful shutdown timed out');
  }, 60_000);

  it('When the backend receives SIGTERM, then it stops accepting, ends the stream with a retry hint, finishes the request, stops its job workers and exits by itself with status 0', async () => {
    const cookie = await login(backend.url);
    const exit = await terminateWithWorkInFlight(backend, cookie, 'from its start');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(logLinesOf(backend, 'job workers stopped')).toHaveLength(1);
    expect(backend.output()).not.toContain('shutdown took too long');
  }, 60_000);
});
