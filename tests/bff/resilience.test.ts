import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { retryAfterMs } from '../../src/bff/retry-policy';
import { RetryBudget } from '../../src/bff/retry-budget';
import { fakeRenderer, json, makeApp, startStandIn, type StandIn } from './helpers';

/**
 * The BFF in front of failing stand-in backends: a 503 storm, a backend that accepts connections
 * and never answers, one that resets connections, and Retry-After. What the backend sees is counted, sockets are
 * watched from the backend's side.
 */

let standIn: StandIn | undefined;
let app: BffApp | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  standIn = undefined;
  app = undefined;
});

const busy = (_req: unknown, res: http.ServerResponse) => json(res, 503, { error: { code: 'busy', message: 'busy' } });

/** Serves `app` on a loopback port (parallel requests through real sockets). */
async function listen(bff: BffApp): Promise<string> {
  const server = http.createServer(bff);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function burst(base: string, path: string, n: number): Promise<number[]> {
  return Promise.all(Array.from({ length: n }, () => fetch(`${base}${path}`).then(async (r) => (await r.arrayBuffer(), r.status))));
}

/** A backend that accepts connections and never answers; counts open sockets and requests. */
async function hangingBackend() {
  const sockets = new Set<Socket>();
  const urls: string[] = [];
  const server = http.createServer((req) => {
    urls.push(req.url ?? ''); // never answers
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openSockets: () => sockets.size,
    requests: () => urls.length,
    urls: () => [...urls],
  };
}

async function until(test: () => boolean, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('retry budget', () => {
  it('When requests keep failing, then retries stop at 10 % of the requests plus the reserve, and the reserve refills with time', () => {
    let now = 0;
    const budget = new RetryBudget({ ratio: 0.1, minPerSecond: 1, windowMs: 10_000 }, () => now);
    let granted = 0;
    for (let i = 0; i < 200; i += 1) {
      budget.recordRequest();
      if (budget.tryRetry()) granted += 1;
    }
    expect(granted).toBe(30); // 10 reserve + 10 % of 200
    now += 11_000;
    expect(budget.snapshot()).toEqual({ requests: 0, retries: 0 });
    expect(budget.tryRetry()).toBe(true);
  });

  it('When Retry-After is seconds or an HTTP date, then it is read in milliseconds; garbage is ignored', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(10_000 + 3_000).toUTCString(), 10_000)).toBe(3_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('safe retries against failing backends', () => {
  it('When a backend answers 503 to everything, then once the budget is spent it sees at most 1.1× the calls', async () => {
    standIn = await startStandIn({ '/api/chats.php': busy });
    // A window longer than the test, so nothing expires in between, and the default 10 % (reserve: 6 retries).
    app = makeApp(standIn.url, { breaker: false, budget: { ratio: 0.1, minPerSecond: 0.1, windowMs: 60_000 } });
    const base = await listen(app);
    // Spend the reserve first.
    for (let i = 0; i < 3; i += 1) await burst(base, '/api/chats.php', 20);
    const before = standIn.hits('/api/chats.php').length;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push(...(await burst(base, '/api/chats.php', 20)));
    const calls = standIn.hits('/api/chats.php').length - before;
    expect(statuses.every((s) => s === 503)).toBe(true);
    expect(calls).toBeGreaterThanOrEqual(200);
    expect(calls).toBeLessThanOrEqual(220);
    const metrics = await app.metrics.registry.metrics();
    expect(metrics).toMatch(/bff_backend_retries_denied_total\{backend="default",operation="listChats",reason="budget"\} \d+/);
  });

  it('When a backend keeps failing, then the breaker opens and calls fail fast without reaching it, until a test call succeeds', async () => {
    let healthy = false;
    standIn = await startStandIn({
      '/api/likes.php': (req, res) => (healthy ? json(res, 200, { profiles: [], liked_by: [], total_new: 0 }) : busy(req, res)),
    });
    app = makeApp(standIn.url, { breaker: { minimumRps: 0.5, samplingMs: 10_000, threshold: 0.5, halfOpenAfterMs: 1_500 } });
    const base = await listen(app);
    await burst(base, '/api/likes.php', 20);
    expect(app.backends.breakerState()).toBe(1);
    const seen = standIn.hits('/api/likes.php').length;
    const fast = await burst(base, '/api/likes.php', 10);
    expect(fast.every((s) => s === 502)).toBe(true);
    expect(standIn.hits('/api/likes.php').length).toBe(seen);
    expect(await app.metrics.registry.metrics()).toContain('bff_backend_breaker_state{backend="default"} 1');

    healthy = true;
    await new Promise((r) => setTimeout(r, 1_600));
    const recovered = await fetch(`${base}/api/likes.php`);
    expect(recovered.status).toBe(200);
    expect(app.backends.breakerState()).toBe(0);
  });

  it('When a backend accepts connections and never answers, then the browser gets 502 within the total deadline and no socket stays open', async () => {
    const hung = await hangingBackend();
    app = makeApp(hung.url, { env: { BACKEND_ATTEMPT_TIMEOUT_MS: '200', BACKEND_DEADLINE_MS: '500' } });
    const res = await request(app).get('/api/chats.php').timeout(5_000);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('backend_unavailable');
    // At most the attempts that fit in the deadline (200 ms each; fewer on a busy machine); each was cut, its socket
    // destroyed — none waited for the backend's 30 s or more.
    expect(hung.requests()).toBeGreaterThanOrEqual(1);
    expect(hung.requests()).toBeLessThanOrEqual(3);
    await until(() => hung.openSockets() === 0);
  });

  it('When a page calls a hung backend, then the page is answered and its abandoned calls end with it (no retries afterwards)', async () => {
    const hung = await hangingBackend();
    const render = fakeRenderer().render;
    app = makeApp(hung.url, {
      env: { BACKEND_ATTEMPT_TIMEOUT_MS: '300', BACKEND_DEADLINE_MS: '5000' },
      render: async (req, res) => {
        void req.api.GET('/chats.php').catch(() => undefined); // a call the page does not wait for
        await new Promise((r) => setTimeout(r, 50));
        await render(req, res);
      },
    });
    const res = await request(app).get('/').timeout(8_000);
    expect(res.status).toBe(200);
    await until(() => hung.openSockets() === 0);
    const after = hung.requests();
    await new Promise((r) => setTimeout(r, 700));
    expect(hung.requests()).toBe(after);
  });

  it("When a page's calls meet a hung backend, then they share one deadline: a call made after it has passed is not sent", async () => {
    const hung = await hangingBackend();
    const render = fakeRenderer().render;
    let userAnswer = 0;
    app = makeApp(hung.url, {
      env: { BACKEND_ATTEMPT_TIMEOUT_MS: '150', BACKEND_DEADLINE_MS: '400' },
      render: async (req, res) => {
        userAnswer = (await req.api.GET('/user.php')).response.status;
        await render(req, res);
      },
    });
    const res = await request(app).get('/').timeout(8_000);
    expect(res.status).toBe(200);
    // settings.php used up the page's 400 ms; user.php was answered 502 by the BFF without reaching the backend.
    expect(userAnswer).toBe(502);
    expect(hung.urls().some((u) => u.startsWith('/api/settings.php'))).toBe(true);
    expect(hung.urls().some((u) => u.startsWith('/api/user.php'))).toBe(false);
    await until(() => hung.openSockets() === 0);
  });

  it('When a backend resets connections, then a GET is retried to success and a POST without a key is sent once', async () => {
    let resets = 0;
    const sockets: Socket[] = [];
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/chats.php') && resets < 2) {
        resets += 1;
        req.socket.destroy();
        return;
      }
      if (req.url?.startsWith('/api/page-hidden.php')) {
        resets += 1;
        req.socket.destroy();
        return;
      }
      json(res, 200, { chats: [], total_unread: 0 });
    });
    server.on('connection', (s) => sockets.push(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    app = makeApp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const ok = await request(app).get('/api/chats.php');
    expect(ok.status).toBe(200);
    expect(resets).toBe(2);
    const post = await request(app).post('/api/page-hidden.php').send({});
    expect(post.status).toBe(502);
    expect(resets).toBe(3);
  });

  it('When a 503 carries a Retry-After beyond the deadline, then it is not retried and the browser gets it with Retry-After; a Retry-After of 0 is retried', async () => {
    let n = 0;
    standIn = await startStandIn({
      '/api/chats.php': (_req, res) => json(res, 503, { error: { code: 'busy', message: 'busy' } }, { 'retry-after': '120' }),
      '/api/likes.php': (_req, res) =>
        ++n === 1
          ? json(res, 503, { error: { code: 'busy', message: 'busy' } }, { 'retry-after': '0' })
          : json(res, 200, { profiles: [], liked_by: [], total_new: 0 }),
    });
    app = makeApp(standIn.url);
    const res = await request(app).get('/api/chats.php');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('120');
    expect(standIn.hits('/api/chats.php')).toHaveLength(1);
    expect((await request(app).get('/api/likes.php')).status).toBe(200);
    expect(standIn.hits('/api/likes.php')).toHaveLength(2);
  });

  it('When a PUT reset-password.php or a DELETE account.php meets a 503, then each is sent exactly once (single-use tokens)', async () => {
    standIn = await startStandIn({ '/api/reset-password.php': busy, '/api/account.php': busy });
    app = makeApp(standIn.url);
    expect((await request(app).put('/api/reset-password.php').send({ token: 't', password: 'x', password_repeat: 'x' })).status).toBe(503);
    expect((await request(app).delete('/api/account.php').send({ password: 'x' })).status).toBe(503);
    expect(standIn.hits('/api/reset-password.php')).toHaveLength(1);
    expect(standIn.hits('/api/account.php')).toHaveLength(1);
  });
});
