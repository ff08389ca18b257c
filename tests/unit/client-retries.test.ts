import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractClient } from '../../packages/client/src/core';
import type { paths } from '../../src/shared/api/client';

/**
 * The installable client's (packages/client) rules for repeating a call and keying a write, against a stand-in site on
 * a local port that answers each path from a script of answers: which calls are sent again, after what, and with which
 * `Idempotency-Key`. The packed package against the real site: tests/bff/client-package.test.ts.
 */

interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  body: string;
}

type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

const seen: Seen[] = [];
const scripts = new Map<string, Answer[]>();
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const key = req.headers['idempotency-key'];
      seen.push({ method: req.method ?? '', path, key: typeof key === 'string' ? key : undefined, body: Buffer.concat(chunks).toString() });
      const answer = scripts.get(`${req.method} ${path}`)?.shift() ?? { status: 200, body: {} };
      // A connection that ends without an answer: fetch rejects with a TypeError, as on a network failure.
      if (answer === 'drop') return void req.socket.destroy();
      const text = JSON.stringify(answer.body ?? { error: { code: 'unavailable', message: 'Try again' } });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  scripts.clear();
});

/** The contract's key-honouring write the tests use; login (`POST /user.php`) is not one. */
const IDEMPOTENT = ['POST /payments.php'];
const client = () => createContractClient<paths>({ baseUrl, retries: { retries: 3, baseMs: 1, capMs: 5 } }, IDEMPOTENT);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the installable client repeats only what may be repeated', () => {
  it('When a GET answers 503 and then 200, then it is sent again and the 200 is the answer', async () => {
    scripts.set('GET /api/interests.php', [{ status: 503 }, { status: 200, body: { interests: [{ id: 1, key: 'hiking' }] } }]);
    const { data, response } = await client().GET('/interests.php');
    expect(response.status).toBe(200);
    expect(data?.interests).toEqual([{ id: 1, key: 'hiking' }]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/interests.php', 'GET /api/interests.php']);
    expect(seen[0]?.key).toBeUndefined();
  });

  it('When a GET meets a network failure, then it is sent again', async () => {
    scripts.set('GET /api/interests.php', ['drop', { status: 200, body: { interests: [] } }]);
    const { response } = await client().GET('/interests.php');
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('When a write whose operation does not honour Idempotency-Key answers 503, then it is not sent again and carries no key', async () => {
    scripts.set('POST /api/user.php', [{ status: 503 }, { status: 200, body: {} }]);
    const { error, response } = await client().POST('/user.php', { body: { email: 'a@b.test', password: 'pw' } });
    expect(response.status).toBe(503);
    expect(error).toEqual({ error: { code: 'unavailable', message: 'Try again' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.key).toBeUndefined();
  });

  it('When a write that honours Idempotency-Key fails (503, then a dropped connection), then every attempt sends the same fresh key and body', async () => {
    scripts.set('POST /api/payments.php', [{ status: 503 }, 'drop', { status: 201, body: { payment_id: 7 } }]);
    const body = { package_id: 1, method: 'ideal', issuer: 'ideal_INGBNL2A', country: 'NL' } as const;
    const { response } = await client().POST('/payments.php', { body });
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(3);
    const [first] = seen;
    expect(first?.key).toMatch(UUID);
    expect(seen.map((s) => s.key)).toEqual([first?.key, first?.key, first?.key]);
    expect(seen.map((s) => JSON.parse(s.body) as unknown)).toEqual([body, body, body]);

    // The next call of the same write is a new attempt: a new key.
    await client().POST('/payments.php', { body });
    expect(seen[3]?.key).toMatch(UUID);
    expect(seen[3]?.key).not.toBe(first?.key);
  });

  it('When the caller gives the key, then that key is sent (and repeated) as given', async () => {
    scripts.set('POST /api/payments.php', [{ status: 502 }, { status: 201, body: { payment_id: 8 } }]);
    const body = { package_id: 1, method: 'ideal', issuer: 'ideal_INGBNL2A', country: 'NL' } as const;
    await client().POST('/payments.php', { body, headers: { 'Idempotency-Key': 'my-own-key' } });
    expect(seen.map((s) => s.key)).toEqual(['my-own-key', 'my-own-key']);
  });

  it('When a 429 names a Retry-After within the cap, then the call is sent again after it; beyond the cap, the 429 is the answer', async () => {
    scripts.set('GET /api/interests.php', [
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 200, body: { interests: [] } },
    ]);
    expect((await client().GET('/interests.php')).response.status).toBe(200);
    expect(seen).toHaveLength(2);

    seen.length = 0;
    scripts.set('GET /api/interests.php', [
      { status: 429, headers: { 'retry-after': '3600' } },
      { status: 200, body: { interests: [] } },
    ]);
    const started = Date.now();
    const { response } = await client().GET('/interests.php');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3600');
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('When every attempt fails, then it stops after `retries` repeats with the last answer; with retries 0 it never repeats', async () => {
    scripts.set(
      'GET /api/interests.php',
      Array.from({ length: 10 }, () => ({ status: 504 })),
    );
    expect((await client().GET('/interests.php')).response.status).toBe(504);
    expect(seen).toHaveLength(4);

    seen.length = 0;
    const once = createContractClient<paths>({ baseUrl, retries: 0 }, IDEMPOTENT);
    expect((await once.GET('/interests.php')).response.status).toBe(504);
    expect(seen).toHaveLength(1);
  });

  it('When the answer is an error the client may not repeat on (a 500, a 404), then it is returned at once', async () => {
    scripts.set('GET /api/interests.php', [{ status: 500 }, { status: 200, body: { interests: [] } }]);
    expect((await client().GET('/interests.php')).response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });
});
