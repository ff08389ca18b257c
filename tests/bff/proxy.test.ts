import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { AUTH_REQUIRED, deadPort, json, makeApp, setCookies, startStandIn, type Handler, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

async function setup(routes: Parameters<typeof startStandIn>[0]) {
  standIn = await startStandIn(routes);
  app = makeApp(standIn.url);
  return { standIn, app };
}

describe('/api proxy: security headers', () => {
  it("When an API call is answered, then it carries the strictest Content-Security-Policy (no page's script nonce) and nosniff", async () => {
    const { app } = await setup({ '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }) });
    const res = await request(app).get('/api/chats.php');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const page = await request(app).get('/api-docs');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' 'nonce-");
  });
});

describe('/api proxy: retries', () => {
  it('When a GET answers 503 twice and then 200, then the BFF retries and the browser gets the 200', async () => {
    let n = 0;
    const { standIn, app } = await setup({
      '/api/chats.php': (_req, res) =>
        ++n <= 2 ? json(res, 503, { error: { code: 'busy', message: 'busy' } }) : json(res, 200, { chats: [], total_unread: 0 }),
    });
    const res = await request(app).get('/api/chats.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chats: [], total_unread: 0 });
    expect(standIn.hits('/api/chats.php')).toHaveLength(3);
  });

  it('When the backend keeps answering 502, then the BFF gives up after 5 retries (6 attempts) with a 502', async () => {
    const { standIn, app } = await setup({
      '/api/likes.php': (_req, res) => json(res, 502, { error: { code: 'bad_gateway', message: 'down' } }),
    });
    const res = await request(app).get('/api/likes.php');
    expect(res.status).toBe(502);
    expect(standIn.hits('/api/likes.php')).toHaveLength(6);
  });

  it('When the backend cannot be reached at all, then the browser gets 502 backend_unavailable in the one error body', async () => {
    app = makeApp(`http://127.0.0.1:${await deadPort()}`);
    const res = await request(app).get('/api/chats.php');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('backend_unavailable');
    expect(typeof res.body.error.message).toBe('string');
  });

  it('When a POST without Idempotency-Key answers 503, then it is sent exactly once', async () => {
    const { standIn, app } = await setup({
      '/api/page-hidden.php': (_req, res) => json(res, 503, { error: { code: 'busy', message: 'busy' } }),
    });
    const res = await request(app).post('/api/page-hidden.php').send({});
    expect(res.status).toBe(503);
    expect(standIn.hits('/api/page-hidden.php')).toHaveLength(1);
  });

  it('When a POST to an unreachable backend has no Idempotency-Key, then it is not retried and answers 502', async () => {
    app = makeApp(`http://127.0.0.1:${await deadPort()}`);
    const res = await request(app).post('/api/user.php').send({ email: 'a@b.c', password: 'x' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('backend_unavailable');
  });

  it('When a POST with an Idempotency-Key to an operation that honours it answers 503 first, then it is retried with the same body', async () => {
    let n = 0;
    const { standIn, app } = await setup({
      '/api/complaints.php': (req, res) =>
        ++n === 1 ? json(res, 503, { error: { code: 'busy', message: 'busy' } }) : json(res, 200, { echo: JSON.parse(req.body) }),
    });
    const res = await request(app).post('/api/complaints.php?source=page').set('Idempotency-Key', 'k-1').send({ subscription: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ echo: { subscription: false } });
    const hits = standIn.hits('/api/complaints.php');
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => h.body)).toEqual(['{"subscription":false}', '{"subscription":false}']);
    expect(hits[1]?.headers['idempotency-key']).toBe('k-1');
  });
});

describe('/api proxy: retries only where repeating is harmless', () => {
  const busy: Handler = (_req, res) => json(res, 503, { error: { code: 'busy', message: 'busy' } });

  it('When a POST to complaints.php (honours Idempotency-Key) carries a key and the backend keeps answering 503, then it is retried', async () => {
    const { standIn, app } = await setup({ '/api/complaints.php': busy });
    const res = await request(app).post('/api/complaints.php').set('Idempotency-Key', 'c-1').send({ message: 'hi' });
    expect(res.status).toBe(503);
    const hits = standIn.hits('/api/complaints.php');
    expect(hits).toHaveLength(6);
    expect(new Set(hits.map((h) => h.headers['idempotency-key']))).toEqual(new Set(['c-1']));
  });

  it('When the same POST to complaints.php carries no Idempotency-Key, then it is sent once', async () => {
    const { standIn, app } = await setup({ '/api/complaints.php': busy });
    const res = await request(app).post('/api/complaints.php').send({ message: 'hi' });
    expect(res.status).toBe(503);
    expect(standIn.hits('/api/complaints.php')).toHaveLength(1);
  });

  it('When a PUT or a DELETE meets an always-503 backend, then each is sent exactly once', async () => {
    const { standIn, app } = await setup({ '/api/reset-password.php': busy, '/api/account.php': busy });
    const put = await request(app).put('/api/reset-password.php').send({ token: 't', password: 'secret-123' });
    const del = await request(app).delete('/api/account.php').send({ password: 'secret-123' });
    expect([put.status, del.status]).toEqual([503, 503]);
    expect(standIn.hits('/api/reset-password.php')).toHaveLength(1);
    expect(standIn.hits('/api/account.php')).toHaveLength(1);
  });

  it('When a PUT or a DELETE carries an Idempotency-Key for an operation that does not honour it, then each is still sent once', async () => {
    const { standIn, app } = await setup({ '/api/reset-password.php': busy, '/api/account.php': busy });
    await request(app).put('/api/reset-password.php').set('Idempotency-Key', 'p-1').send({ token: 't', password: 'secret-123' });
    await request(app).delete('/api/account.php').set('Idempotency-Key', 'd-1').send({ password: 'secret-123' });
    expect(standIn.hits('/api/reset-password.php')).toHaveLength(1);
    expect(standIn.hits('/api/account.php')).toHaveLength(1);
  });

  it('When a POST with an Idempotency-Key goes to an operation that does not honour keys (signup.php), then it is sent once', async () => {
    const { standIn, app } = await setup({ '/api/signup.php': busy });
    const res = await request(app).post('/api/signup.php').set('Idempotency-Key', 's-1').send({ email: 'a@b.c' });
    expect(res.status).toBe(503);
    expect(standIn.hits('/api/signup.php')).toHaveLength(1);
  });

  it('When a GET meets an always-503 backend, then it is retried 5 times', async () => {
    const { standIn, app } = await setup({ '/api/chats.php': busy });
    const res = await request(app).get('/api/chats.php');
    expect(res.status).toBe(503);
    expect(standIn.hits('/api/chats.php')).toHaveLength(6);
  });

  it('When the app is given its own set of honouring operations, then that set decides which keyed writes are retried', async () => {
    standIn = await startStandIn({ '/api/signup.php': busy, '/api/complaints.php': busy });
    app = makeApp(standIn.url, { idempotentOperations: new Set(['POST /api/signup.php']) });
    await request(app).post('/api/signup.php').set('Idempotency-Key', 's-1').send({});
    await request(app).post('/api/complaints.php').set('Idempotency-Key', 'c-1').send({});
    expect(standIn.hits('/api/signup.php')).toHaveLength(6);
    expect(standIn.hits('/api/complaints.php')).toHaveLength(1);
  });
});

describe('/api proxy: headers and cookies', () => {
  it('When the browser calls user.php, then the backend gets request-type: client (and other calls are left alone)', async () => {
    const { standIn, app } = await setup({
      '/api/user.php': (_req, res) => json(res, 403, AUTH_REQUIRED),
      '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }),
    });
    await request(app).get('/api/user.php');
    await request(app).get('/api/chats.php');
    expect(standIn.hits('/api/user.php')[0]?.headers['request-type']).toBe('client');
    expect(standIn.hits('/api/chats.php')[0]?.headers['request-type']).toBeUndefined();
  });

  it('When a request arrives, then the backend gets Accept-Language, x-request-id and X-Forwarded-* and the id is echoed', async () => {
    const { standIn, app } = await setup({ '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }) });
    const res = await request(app)
      .get('/api/chats.php')
      .set('Host', 'gay.example.test:8080')
      .set('Cookie', 'locale=nl')
      .set('x-request-id', 'abc-123')
      .set('Accept-Language', 'fr-FR');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const seen = standIn.hits('/api/chats.php')[0]!.headers;
    expect(seen['accept-language']).toBe('nl');
    expect(seen['x-request-id']).toBe('abc-123');
    expect(seen['x-forwarded-host']).toBe('gay.example.test:8080');
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it('When the incoming x-request-id is not sane, then a fresh UUID is used', async () => {
    const { app } = await setup({ '/api/chats.php': (_req, res) => json(res, 200, {}) });
    const res = await request(app).get('/api/chats.php').set('x-request-id', 'bad id with spaces <script>');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('When an answer is 403 authentication_required, then a Set-Cookie clears the auth cookie', async () => {
    const { app } = await setup({ '/api/user.php': (_req, res) => json(res, 403, AUTH_REQUIRED) });
    const res = await request(app).get('/api/user.php').set('Cookie', 'auth=deadbeef');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
    expect(setCookies(res.headers).some((c) => /^auth=;.*Max-Age=0/.test(c) && c.includes('Path=/'))).toBe(true);
  });

  it('When an answer is a 403 for another reason, then the auth cookie is kept', async () => {
    const { app } = await setup({ '/api/chat.php': (_req, res) => json(res, 403, { error: { code: 'forbidden', message: 'no' } }) });
    const res = await request(app).delete('/api/chat.php').send({ conversation: 1 });
    expect(res.status).toBe(403);
    expect(setCookies(res.headers)).toEqual([]);
  });

  it("When the backend sets an operator's PHPSESSID, then it reaches the browser unchanged and comes back unchanged", async () => {
    const { standIn, app } = await setup({
      '/api/user.php': (_req, res) => json(res, 200, { user: null }, { 'set-cookie': ['PHPSESSID=s3ss10n; path=/; HttpOnly'] }),
    });
    const first = await request(app).post('/api/user.php').send({ email: 'a@b.c', password: 'pw' });
    expect(setCookies(first.headers)).toEqual(['PHPSESSID=s3ss10n; path=/; HttpOnly']);
    await request(app).get('/api/user.php').set('Cookie', 'PHPSESSID=s3ss10n; other=1');
    expect(standIn.hits('/api/user.php')[1]?.headers.cookie).toBe('PHPSESSID=s3ss10n; other=1');
  });

  it("When the backend sets the auth cookie, then it leaves as HttpOnly; SameSite=Lax; Path=/ with the backend's own lifetime (Secure on HTTPS)", async () => {
    standIn = await startStandIn({
      '/api/user.php': (_req, res) => json(res, 200, { user: null }, { 'set-cookie': ['auth=0123abcd; Path=/api; Max-Age=60'] }),
    });
    app = makeApp(standIn.url, { env: { TRUST_PROXY: 'loopback' } });
    const plain = await request(app).post('/api/user.php').send({});
    expect(setCookies(plain.headers)).toEqual(['auth=0123abcd; Max-Age=60; Path=/; HttpOnly; SameSite=Lax']);
    const tls = await request(app).post('/api/user.php').set('X-Forwarded-Proto', 'https').send({});
    expect(setCookies(tls.headers)[0]).toMatch(/; Secure(;|$)/);
  });

  it('When a member logs in whose account says Nederlands, then the locale cookie follows the account on this device; a device already in Dutch gets no new cookie', async () => {
    standIn = await startStandIn({
      '/api/user.php': (_req, res) =>
        json(res, 200, { user: { id: 7, language: 'nl' } }, { 'set-cookie': ['auth=0123abcd; Path=/; Max-Age=60'] }),
    });
    app = makeApp(standIn.url);
    const desktop = await request(app).post('/api/user.php').set('Cookie', 'locale=en').send({ email: 'a@b.c', password: 'pw' });
    expect(desktop.status).toBe(200);
    expect(desktop.body).toEqual({ user: { id: 7, language: 'nl' } });
    expect(setCookies(desktop.headers).find((c) => c.startsWith('locale='))).toMatch(/^locale=nl; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    const phone = await request(app).post('/api/user.php').set('Cookie', 'locale=nl').send({ email: 'a@b.c', password: 'pw' });
    expect(setCookies(phone.headers).some((c) => c.startsWith('locale='))).toBe(false);
  });

  it('When a path is not in openapi.yaml, then it passes through unchanged (method, query, body, status)', async () => {
    const { standIn, app } = await setup({
      '/api/legacy-thing.php': (req, res) => json(res, 418, { method: req.method, url: req.url, body: req.body }),
    });
    const res = await request(app).put('/api/legacy-thing.php?a=1&b=two').set('Content-Type', 'text/plain').send('hello');
    expect(res.status).toBe(418);
    expect(res.body).toEqual({ method: 'PUT', url: '/api/legacy-thing.php?a=1&b=two', body: 'hello' });
    expect(standIn.hits('/api/legacy-thing.php')[0]?.headers['content-type']).toBe('text/plain');
  });

  it('When the request body is larger than 12 MB, then 413 and the backend is not called', async () => {
    const { standIn, app } = await setup({});
    const res = await request(app)
      .post('/api/other.php')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(13 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.body.error.message).toBe('What you are sending is too large. A photo may be at most 10 MB.');
    expect(standIn.hits('/api/other.php')).toHaveLength(0);
    // In the member's language, never a byte count.
    const dutch = await request(app)
      .post('/api/other.php')
      .set('Cookie', 'locale=nl')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(13 * 1024 * 1024));
    expect(dutch.status).toBe(413);
    expect(dutch.body.error.message).toBe('Wat je verstuurt is te groot. Een foto mag hoogstens 10 MB zijn.');
    expect(dutch.body.error.message).not.toMatch(/\d{5,}/);
  });

  it('When a photo is requested under /media/, then it is proxied with the cache headers the backend gives', async () => {
    const { standIn, app } = await setup({
      '/media/p/1.jpg': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' });
        res.end(Buffer.from([0xff, 0xd8, 0xff]));
      },
    });
    const res = await request(app).get('/media/p/1.jpg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(standIn.hits('/media/p/1.jpg')).toHaveLength(1);
  });

  it('When the connection of a photo request is reset before any answer (a reused socket the backend closed), then it is sent once more and the photo comes', async () => {
    let resets = 0;
    const { standIn, app } = await setup({
      '/media/p/2.jpg': (_req, res) => {
        if (resets === 0) {
          resets += 1;
          res.socket?.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.end(Buffer.from([0xff, 0xd8, 0xff]));
      },
      '/media/p/3.jpg': (_req, res) => res.socket?.destroy(),
    });
    const res = await request(app).get('/media/p/2.jpg');
    expect(res.status).toBe(200);
    expect(standIn.hits('/media/p/2.jpg')).toHaveLength(2);
    // Once only: a backend that keeps failing is a 502.
    expect((await request(app).get('/media/p/3.jpg')).status).toBe(502);
    expect(standIn.hits('/media/p/3.jpg')).toHaveLength(2);
  });
});

describe('/api proxy: CSRF', () => {
  it('When a POST comes from another origin, then 403 csrf_rejected and the backend is not called', async () => {
    const { standIn, app } = await setup({ '/api/user.php': (_req, res) => json(res, 200, {}) });
    const res = await request(app).post('/api/user.php').set('Host', 'site.test').set('Origin', 'https://evil.test').send({});
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf_rejected');
    expect(standIn.hits('/api/user.php')).toHaveLength(0);
  });

  it('When a DELETE has no Origin but a foreign Referer, then it is rejected', async () => {
    const { app } = await setup({});
    const res = await request(app)
      .delete('/api/chat.php')
      .set('Host', 'site.test')
      .set('Referer', 'http://evil.test/page')
      .send({ conversation: 1 });
    expect(res.status).toBe(403);
  });

  it('When Sec-Fetch-Site is cross-site, then a write is rejected even without Origin', async () => {
    const { app } = await setup({});
    const res = await request(app).post('/api/page-hidden.php').set('Sec-Fetch-Site', 'cross-site').send({});
    expect(res.status).toBe(403);
  });

  it('When a POST comes from the same origin (or carries no Origin), then it is forwarded', async () => {
    const { standIn, app } = await setup({ '/api/page-hidden.php': (_req, res) => res.writeHead(204).end() });
    const same = await request(app).post('/api/page-hidden.php').set('Host', 'site.test').set('Origin', 'http://site.test').send({});
    const none = await request(app).post('/api/page-hidden.php').send({});
    expect([same.status, none.status]).toEqual([204, 204]);
    expect(standIn.hits('/api/page-hidden.php')).toHaveLength(2);
  });

  it('When a cross-origin GET arrives, then it is not a CSRF concern and passes', async () => {
    const { app } = await setup({ '/api/chats.php': (_req, res) => json(res, 200, {}) });
    const res = await request(app).get('/api/chats.php').set('Origin', 'https://evil.test');
    expect(res.status).toBe(200);
  });
});

describe('/api proxy: headers and paths the browser must not control', () => {
  const echo: Handler = (req, res) => json(res, 200, { url: req.url });

  it('When a browser sends its own request-type header, then it never reaches the backend (only user.php gets the BFF\'s "client")', async () => {
    const { standIn, app } = await setup({ '/api/chats.php': echo, '/api/user.php': echo });
    await request(app).get('/api/chats.php').set('request-type', 'client');
    await request(app).get('/api/user.php').set('request-type', 'admin');
    expect(standIn.hits('/api/chats.php')[0]?.headers['request-type']).toBeUndefined();
    expect(standIn.hits('/api/user.php')[0]?.headers['request-type']).toBe('client');
  });

  it("When a page's renderer sets request-type on a call, then the backend still gets only the BFF's value", async () => {
    standIn = await startStandIn({ '/api/chats.php': echo, '/api/user.php': echo });
    app = makeApp(standIn.url, {
      render: async (request, res) => {
        await request.api.GET('/chats.php', { headers: { 'request-type': 'client' } });
        await request.api.GET('/user.php', { headers: { 'request-type': 'other' } });
        res.end('<!doctype html><html><body>page</body></html>');
      },
    });
    await request(app).get('/chats').set('Accept', 'text/html').set('request-type', 'client');
    expect(standIn.hits('/api/settings.php')[0]?.headers['request-type']).toBeUndefined();
    expect(standIn.hits('/api/chats.php')[0]?.headers['request-type']).toBeUndefined();
    expect(standIn.hits('/api/user.php')[0]?.headers['request-type']).toBe('client');
  });

  it.each([
    '/api/USER.php',
    '/API/user.php',
    '/api//user.php',
    '/api/user.php/',
    '/api/./user.php',
    '/api/x/../user.php',
    '/api/%75ser.php',
    '/api/user%2Ephp',
    '/api%2Fuser.php',
    '/api/user.PHP?x=1',
    '/api/user.php;x',
    '/api/',
    '/api',
  ])(
    'When the browser asks for %s (not exactly /api/<lower-case name>.php), then 404 in the one error body and no backend call',
    async (path) => {
      const { standIn, app } = await setup({ '/api/user.php': echo });
      const res = await request(app).get(path).set('Accept', 'application/json');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
      expect(standIn.requests).toEqual([]);
    },
  );

  it('When the path is exactly /api/<name>.php (with hyphens, a query), then it is forwarded as it came', async () => {
    const { standIn, app } = await setup({ '/api/page-hidden.php': echo, '/api/user.php': echo });
    expect((await request(app).get('/api/page-hidden.php?a=1&b=%2F')).body).toEqual({ url: '/api/page-hidden.php?a=1&b=%2F' });
    expect((await request(app).get('/api/user.php?push=1')).status).toBe(200);
    expect(standIn.hits('/api/user.php')[0]?.headers['request-type']).toBe('client');
  });

  it('When the backend sends Strict-Transport-Security, then it does not reach the browser (API answers, rendered pages and /media)', async () => {
    const hsts = { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' };
    const { app } = await setup({
      '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }, hsts),
      '/api/user.php': (_req, res) => json(res, 403, AUTH_REQUIRED, hsts),
      '/media/p/1.jpg': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', ...hsts });
        res.end(Buffer.from([0xff, 0xd8, 0xff]));
      },
    });
    for (const path of ['/api/chats.php', '/api/user.php', '/media/p/1.jpg']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it("When PUBLIC_URL is https, then the BFF's own HSTS is sent, not the backend's", async () => {
    standIn = await startStandIn({
      '/api/chats.php': (_req, res) => json(res, 200, {}, { 'strict-transport-security': 'max-age=1; preload' }),
    });
    app = makeApp(standIn.url, { env: { PUBLIC_URL: 'https://site.example' } });
    const res = await request(app).get('/api/chats.php');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });
});

describe('/api proxy: logout by cross-site GET', () => {
  const loggedOut: Handler = (_req, res) => json(res, 200, { success: true }, { 'set-cookie': ['auth=; Path=/; Max-Age=0'] });

  it.each(['cross-site', 'same-site'])(
    'When GET /api/logout.php carries Sec-Fetch-Site: %s, then 403 csrf_rejected, the backend is not called and no cookie changes',
    async (site) => {
      const { standIn, app } = await setup({ '/api/logout.php': loggedOut });
      const res = await request(app)
        .get('/api/logout.php')
        .set('Cookie', 'auth=abc')
        .set('Sec-Fetch-Site', site)
        .set('Sec-Fetch-Mode', 'navigate');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('csrf_rejected');
      expect(setCookies(res.headers)).toEqual([]);
      expect(standIn.hits('/api/logout.php')).toHaveLength(0);
    },
  );

  it('When a link on another site leads to /api/logout.php with a foreign Referer (no Fetch Metadata), then it is refused too', async () => {
    const { standIn, app } = await setup({ '/api/logout.php': loggedOut });
    const res = await request(app).get('/api/logout.php').set('Host', 'site.test').set('Referer', 'https://evil.test/page');
    expect(res.status).toBe(403);
    expect(standIn.hits('/api/logout.php')).toHaveLength(0);
  });

  it('When HEAD /api/logout.php comes from another site, then it is refused like the GET', async () => {
    const { standIn, app } = await setup({ '/api/logout.php': loggedOut });
    const res = await request(app).head('/api/logout.php').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(standIn.hits('/api/logout.php')).toHaveLength(0);
  });

  it.each([
    ['same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['a typed address (none)', { 'Sec-Fetch-Site': 'none' }],
    ['an old browser without Fetch Metadata', {}],
    ['a same-origin Referer', { Host: 'site.test', Referer: 'http://site.test/members' }],
  ])('When GET /api/logout.php comes from %s, then the member is logged out', async (_label, headers: Record<string, string>) => {
    const { standIn, app } = await setup({ '/api/logout.php': loggedOut });
    const res = await request(app).get('/api/logout.php').set('Cookie', 'auth=abc').set(headers);
    expect(res.status).toBe(200);
    expect(setCookies(res.headers).some((c) => /^auth=;.*Max-Age=0/.test(c))).toBe(true);
    expect(standIn.hits('/api/logout.php')).toHaveLength(1);
  });

  it('When another GET comes cross-site, then it still passes (only calls that change state are refused)', async () => {
    const { app } = await setup({ '/api/chats.php': (_req, res) => json(res, 200, {}) });
    const res = await request(app).get('/api/chats.php').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(200);
  });
});

describe('/api proxy: settings.php answers reused for a short while', () => {
  const settings = { name: 'Mannenmatch', countries: ['NL', 'BE'] };

  it('When a visitor asks settings.php twice, then the backend answers once and the second answer is the same, with its age', async () => {
    const { standIn, app } = await setup({ '/api/settings.php': (_req, res) => json(res, 200, settings, { etag: '"s1"' }) });
    const first = await request(app).get('/api/settings.php?host=example.test');
    const second = await request(app).get('/api/settings.php?host=example.test');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(settings);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers.etag).toBe('"s1"');
    expect(second.headers.age).toBe('0');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(standIn.hits('/api/settings.php')).toHaveLength(1);
  });

  it('When the query, the visitor address or the locale differ, then each is asked of the backend', async () => {
    const { standIn } = await setup({ '/api/settings.php': (_req, res) => json(res, 200, settings) });
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' } });
    await request(app).get('/api/settings.php?host=a.test').set('X-Forwarded-For', '203.0.113.1');
    await request(app).get('/api/settings.php?host=b.test').set('X-Forwarded-For', '203.0.113.1');
    await request(app).get('/api/settings.php?host=a.test').set('X-Forwarded-For', '203.0.113.2');
    await request(app).get('/api/settings.php?host=a.test').set('X-Forwarded-For', '203.0.113.1').set('Cookie', 'locale=de');
    await request(app).get('/api/settings.php?host=a.test').set('X-Forwarded-For', '203.0.113.1');
    expect(standIn.hits('/api/settings.php')).toHaveLength(4);
  });

  it('When the answer sets a cookie, is private, varies by cookie or is an error, then it is never handed to the next request', async () => {
    let n = 0;
    const { standIn, app } = await setup({
      '/api/settings.php': (req, res) => {
        n += 1;
        const host = new URL(req.url, 'http://x').searchParams.get('host');
        if (host === 'cookie.test') json(res, 200, { n }, { 'set-cookie': `PHPSESSID=s${n}; Path=/` });
        else if (host === 'private.test') json(res, 200, { n }, { 'cache-control': 'private, max-age=60' });
        else if (host === 'vary.test') json(res, 200, { n }, { vary: 'Cookie' });
        else json(res, 503, { error: { code: 'busy', message: 'busy' } });
      },
    });
    for (const host of ['cookie.test', 'private.test', 'vary.test']) {
      const a = await request(app).get(`/api/settings.php?host=${host}`);
      const b = await request(app).get(`/api/settings.php?host=${host}`);
      expect(b.body.n).toBe(a.body.n + 1);
    }
    const cookies = [
      await request(app).get('/api/settings.php?host=cookie.test'),
      await request(app).get('/api/settings.php?host=cookie.test'),
    ].map((r) => setCookies(r.headers)[0]);
    expect(cookies[0]).not.toBe(cookies[1]);
    await request(app).get('/api/settings.php?host=down.test');
    const before = standIn.hits('/api/settings.php').length;
    await request(app).get('/api/settings.php?host=down.test');
    expect(standIn.hits('/api/settings.php').length).toBeGreaterThan(before);
  });

  it('When answers are reused for 0 ms, then every call reaches the backend', async () => {
    const { standIn } = await setup({ '/api/settings.php': (_req, res) => json(res, 200, settings) });
    app = makeApp(standIn.url, { settingsAnswers: { freshMs: 0 } });
    await request(app).get('/api/settings.php?host=example.test');
    await request(app).get('/api/settings.php?host=example.test');
    expect(standIn.hits('/api/settings.php')).toHaveLength(2);
  });
});

describe('/api proxy: an answer read whole goes out whole', () => {
  const big = { interests: Array.from({ length: 120 }, (_, i) => ({ id: i + 1, key: `interest-${i + 1}` })) };
  const raw = (res: ServerResponse, type: string, body: Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...headers });
    res.end(body);
  };
  /** The bytes and headers as they leave the BFF (supertest would decompress them). */
  const fetchRaw = async (app: BffApp, path: string, acceptEncoding?: string) => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  it('When a JSON answer over 1 KiB is asked with Accept-Encoding, then it comes compressed in the preferred encoding, with its length and no chunked encoding', async () => {
    const { app } = await setup({ '/api/interests.php': (_req, res) => json(res, 200, big) });
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const { headers, body } = await fetchRaw(app, '/api/interests.php', accept);
      expect(headers['content-encoding'], accept).toBe(encoding);
      expect(headers['transfer-encoding'], accept).toBeUndefined();
      expect(Number(headers['content-length']), accept).toBe(body.length);
      expect(String(headers.vary)).toMatch(/accept-encoding/i);
      const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
      expect(JSON.parse(text)).toEqual(big);
    }
  });

  it('When the answer is small, already encoded, not compressible or says no-transform, then it goes out as the backend sent it', async () => {
    const zipped = gzipSync(JSON.stringify(big));
    const png = Buffer.alloc(4096, 7);
    const { app } = await setup({
      '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }),
      '/api/interests.php': (_req, res) => raw(res, 'application/json', zipped, { 'content-encoding': 'gzip' }),
      '/api/picture.php': (_req, res) => raw(res, 'image/png', png),
      '/api/regions.php': (_req, res) =>
        raw(res, 'application/json', Buffer.from(JSON.stringify(big)), { 'cache-control': 'no-transform' }),
    });
    const small = await fetchRaw(app, '/api/chats.php', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ chats: [], total_unread: 0 });
    const encoded = await fetchRaw(app, '/api/interests.php', 'br, gzip');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body.equals(zipped)).toBe(true);
    const picture = await fetchRaw(app, '/api/picture.php', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.equals(png)).toBe(true);
    const kept = await fetchRaw(app, '/api/regions.php', 'br');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(kept.body.toString('utf8'))).toEqual(big);
  });
});
