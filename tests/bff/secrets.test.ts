import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import type { RenderFn } from '../../src/bff/types';
import { capturingLogger, deadPort, json, makeApp, startStandIn, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const SECRET = 'SECRETTOKEN';

/** A renderer that logs the page url the way src/server/render.tsx does when a render fails, then answers. */
const loggingRenderer: RenderFn = async (request, res) => {
  request.log.warn({ url: request.url, path: `/api/reset-password.php?token=${SECRET}` }, 'SSR: a prefetch call failed');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end('<!doctype html><html><body>page</body></html>');
};

/** The access-log line of pino-http ("request completed", or "request errored" for a 5xx) for a url. */
const isAccessLine = (url: string) => (line: string) => line.includes('"req":{"id"') && line.includes(url);

describe('secret query parameters: never logged', () => {
  it('When /reset-password/do?token=SECRETTOKEN is requested, then no log line contains the token and the access log shows it redacted', async () => {
    standIn = await startStandIn();
    const capture = capturingLogger();
    app = makeApp(standIn.url, { logger: capture.logger, render: loggingRenderer });
    const res = await request(app)
      .get(`/reset-password/do?token=${SECRET}&network=abc`)
      .set('Accept', 'text/html')
      .set('Referer', `http://localhost/reset-password/do?token=${SECRET}`);
    expect(res.status).toBe(200);
    await capture.waitFor(isAccessLine('/reset-password/do'));
    expect(capture.lines.join('')).not.toContain(SECRET);
    const access = JSON.parse(capture.lines.find(isAccessLine('/reset-password/do'))!) as {
      req: { url: string; headers: Record<string, string> };
    };
    expect(access.req.url).toBe('/reset-password/do?token=[redacted]&network=abc');
    expect(access.req.headers.referer).toBe('http://localhost/reset-password/do?token=[redacted]');
    expect(capture.lines.some((line) => line.includes('SSR: a prefetch call failed') && line.includes('token=[redacted]'))).toBe(true);
  });

  it.each([
    ['/activate/done?token=', 'activation'],
    ['/mail-change/do?token=', 'e-mail change'],
    ['/account-deleted?token=', 'reactivation'],
    ['/login?email=member%40example.test&password=', 'login form query'],
  ])('When %s… (the %s link) is requested, then no log line contains the secret', async (page) => {
    standIn = await startStandIn();
    const capture = capturingLogger();
    app = makeApp(standIn.url, { logger: capture.logger });
    await request(app).get(`${page}${SECRET}`).set('Accept', 'text/html');
    await capture.waitFor(isAccessLine(page.slice(0, page.indexOf('?'))));
    const written = capture.lines.join('');
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain('member%40example.test');
  });

  it('When rendering fails on a page with a token, then the error line logs the url with the token redacted', async () => {
    standIn = await startStandIn();
    const capture = capturingLogger();
    app = makeApp(standIn.url, { logger: capture.logger, render: () => Promise.reject(new Error('boom')) });
    const res = await request(app).get(`/reset-password/do?token=${SECRET}`).set('Accept', 'text/html');
    expect(res.status).toBe(500);
    await capture.waitFor(isAccessLine('/reset-password/do'));
    expect(capture.lines.some((line) => line.includes('rendering failed') && line.includes('/reset-password/do?token=[redacted]'))).toBe(
      true,
    );
    expect(capture.lines.join('')).not.toContain(SECRET);
  });

  it('When an /api call carries a token, then it reaches the backend unchanged but every log line has it redacted', async () => {
    standIn = await startStandIn({ '/api/reset-password.php': (_req, res) => json(res, 200, { valid: true }) });
    const capture = capturingLogger();
    app = makeApp(standIn.url, { logger: capture.logger });
    const res = await request(app).get(`/api/reset-password.php?token=${SECRET}`);
    expect(res.status).toBe(200);
    expect(standIn.hits('/api/reset-password.php')[0]?.url).toBe(`/api/reset-password.php?token=${SECRET}`);
    await capture.waitFor(isAccessLine('/api/reset-password.php'));
    expect(capture.lines.join('')).not.toContain(SECRET);
  });

  it('When an /api call with a token meets an unreachable backend, then the retry and failure lines have the token redacted', async () => {
    const capture = capturingLogger();
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, { logger: capture.logger, retry: { retries: 1, baseMs: 1, capMs: 1 } });
    const res = await request(app).get(`/api/reset-password.php?token=${SECRET}`);
    expect(res.status).toBe(502);
    await capture.waitFor(isAccessLine('/api/reset-password.php'));
    expect(capture.lines.some((line) => line.includes('"failure":"unavailable"') && line.includes('token=[redacted]'))).toBe(true);
    expect(capture.lines.some((line) => line.includes('retrying') && line.includes('token=[redacted]'))).toBe(true);
    expect(capture.lines.join('')).not.toContain(SECRET);
  });

  it('When a language switch returns to a page with a token, then the logged Location has the token redacted', async () => {
    standIn = await startStandIn();
    const capture = capturingLogger();
    app = makeApp(standIn.url, { logger: capture.logger });
    const res = await request(app).get(`/locale/nl?return=${encodeURIComponent(`/reset-password/do?token=${SECRET}`)}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/reset-password/do?token=${SECRET}`);
    await capture.waitFor(isAccessLine('/locale/nl'));
    expect(capture.lines.join('')).not.toContain(SECRET);
  });
});

describe('secret query parameters: never forwarded to settings.php', () => {
  it.each(['/reset-password/do', '/activate/done', '/mail-change/do', '/account-deleted'])(
    'When %s?token=SECRETTOKEN is rendered, then the settings.php call carries the route query without the token',
    async (page) => {
      standIn = await startStandIn();
      app = makeApp(standIn.url);
      const res = await request(app).get(`${page}?token=${SECRET}&network=abc`).set('Host', 'gay.example.test').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      const [call] = standIn.hits('/api/settings.php');
      expect(call?.url).not.toContain(SECRET);
      const query = new URL(call!.url, 'http://x').searchParams;
      expect(query.get('network')).toBe('abc');
      expect(query.get('host')).toBe('gay.example.test');
      expect(query.has('token')).toBe(false);
    },
  );

  it('When a page query holds a password, an e-mail address, a code or a key, then none of them reaches any backend call', async () => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: null }) });
    app = makeApp(standIn.url, {
      render: async (request, res) => {
        await request.api.GET('/user.php');
        res.end('<!doctype html><html><body>page</body></html>');
      },
    });
    await request(app)
      .get(
        `/login?password=${SECRET}&email=someone%40example.test&code=${SECRET}&apiKey=${SECRET}&secret=${SECRET}&u=someone%40example.test&country=NL`,
      )
      .set('Accept', 'text/html');
    expect(standIn.requests.length).toBeGreaterThanOrEqual(2);
    for (const call of standIn.requests) {
      expect(call.url).not.toContain(SECRET);
      expect(call.url).not.toContain('example.test');
    }
    expect(new URL(standIn.hits('/api/settings.php')[0]!.url, 'http://x').searchParams.get('country')).toBe('NL');
  });
});
