import type http from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import type { RenderFn } from '../../src/bff/types';
import { fakeRenderer, json, makeApp, startStandIn, type Handler, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const SECRET = 'a3f1c0de'.repeat(8); // 64 hex characters, like the generated one

const photo: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' });
  res.end(Buffer.from([0xff, 0xd8, 0xff]));
};
const routes: Record<string, Handler> = {
  '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }),
  '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }),
  '/media/p/1.jpg': photo,
};

/** The headers a visitor (or anyone in front of an untrusted BFF) might send to steer who the backend thinks he is. */
const SPOOFED = {
  'X-Forwarded-For': '6.6.6.6',
  'X-Client-IP': '6.6.6.6',
  'X-Real-IP': '6.6.6.6',
  Forwarded: 'for=6.6.6.6',
  'CF-IPCountry': 'NL',
  'X-Country': 'NL',
  'X-Client-Country': 'NL',
  'X-Backend-Secret': 'guess',
};

/** One call of each kind the BFF makes: /api proxy, SSR page (settings + the renderer's user.php), /media. */
async function callEveryWay(bff: BffApp, headers: Record<string, string>): Promise<void> {
  await request(bff).get('/api/chats.php').set(headers);
  await request(bff).get('/members').set('Accept', 'text/html').set(headers);
  await request(bff).get('/media/p/1.jpg').set(headers);
}

function everyHit(s: StandIn): Recorded[] {
  const hits = ['/api/chats.php', '/api/settings.php', '/api/user.php', '/media/p/1.jpg'].map((p) => {
    const hit = s.hits(p)[0];
    expect(hit, `the backend saw no call to ${p}`).toBeDefined();
    return hit!;
  });
  return hits;
}

function identity(headers: http.IncomingHttpHeaders) {
  return {
    ip: headers['x-client-ip'],
    forwardedFor: headers['x-forwarded-for'],
    country: headers['x-client-country'],
  };
}

describe('client address and country towards the backend', () => {
  it('When TRUST_PROXY is unset and the visitor sends his own X-Forwarded-For, X-Client-IP, CF-IPCountry and X-Backend-Secret, then the backend sees only the socket address and none of his values', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { render: fakeRenderer({ callUser: true }).render });
    await callEveryWay(app, SPOOFED);
    for (const hit of everyHit(standIn)) {
      expect(identity(hit.headers), hit.url).toEqual({ ip: '127.0.0.1', forwardedFor: '127.0.0.1', country: undefined });
      for (const name of ['x-backend-secret', 'x-real-ip', 'forwarded', 'cf-ipcountry', 'x-country'])
        expect(hit.headers[name], `${hit.url} ${name}`).toBeUndefined();
      expect(JSON.stringify(hit.headers), hit.url).not.toMatch(/6\.6\.6\.6|guess/);
    }
  });

  it('When TRUST_PROXY=1 and the proxy says X-Forwarded-For: 6.6.6.6, 203.0.113.7 and CF-IPCountry: nl, then the backend sees x-client-ip 203.0.113.7, that one address as X-Forwarded-For and x-client-country NL', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' }, render: fakeRenderer({ callUser: true }).render });
    await callEveryWay(app, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7', 'CF-IPCountry': 'nl' });
    for (const hit of everyHit(standIn)) {
      expect(identity(hit.headers), hit.url).toEqual({ ip: '203.0.113.7', forwardedFor: '203.0.113.7', country: 'NL' });
      expect(hit.headers['cf-ipcountry'], hit.url).toBeUndefined();
    }
  });

  it('When TRUST_PROXY=1 and only X-Country: be is sent, then x-client-country is BE', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' } });
    await request(app).get('/api/chats.php').set('X-Forwarded-For', '198.51.100.4').set('X-Country', 'be');
    expect(identity(standIn.hits('/api/chats.php')[0]!.headers)).toEqual({
      ip: '198.51.100.4',
      forwardedFor: '198.51.100.4',
      country: 'BE',
    });
  });

  it('When the determined address is IPv4-mapped IPv6 (::ffff:203.0.113.7), then the backend gets the plain IPv4 address', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' } });
    await request(app).get('/api/chats.php').set('X-Forwarded-For', '::ffff:203.0.113.7');
    await request(app).get('/media/p/1.jpg').set('X-Forwarded-For', '::ffff:203.0.113.7');
    for (const hit of [standIn.hits('/api/chats.php')[0]!, standIn.hits('/media/p/1.jpg')[0]!]) {
      expect(identity(hit.headers), hit.url).toEqual({ ip: '203.0.113.7', forwardedFor: '203.0.113.7', country: undefined });
    }
  });

  it('When TRUST_PROXY=1 but the country is not a two-letter code (T1, NLD, N1), then no x-client-country reaches the backend', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' } });
    await request(app).get('/api/chats.php').set('CF-IPCountry', 'T1');
    await request(app).get('/api/chats.php').set('CF-IPCountry', 'NLD');
    await request(app).get('/api/chats.php').set('X-Country', 'N1');
    const seen = standIn.hits('/api/chats.php').map((h) => h.headers['x-client-country']);
    expect(seen).toEqual([undefined, undefined, undefined]);
  });

  it('When the language switch and the manifest call the backend, then they carry the determined client address too', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { TRUST_PROXY: '1' } });
    await request(app).get('/locale/sv?return=/').set('Cookie', 'auth=abc').set(SPOOFED).set('X-Forwarded-For', '6.6.6.6, 203.0.113.9');
    await request(app).get('/manifest.webmanifest').set(SPOOFED).set('X-Forwarded-For', '6.6.6.6, 203.0.113.9');
    const hits = [standIn.hits('/api/user.php')[0]!, standIn.hits('/api/settings.php')[0]!];
    expect(hits.map((h) => identity(h.headers))).toEqual([
      { ip: '203.0.113.9', forwardedFor: '203.0.113.9', country: 'NL' },
      { ip: '203.0.113.9', forwardedFor: '203.0.113.9', country: 'NL' },
    ]);
    for (const hit of hits) expect(hit.headers['x-backend-secret']).toBeUndefined();
  });
});

describe('the secret shared with the backend', () => {
  it('When BACKEND_SECRET is configured, then it reaches the backend on /api calls, on SSR page calls and on /media calls (never the visitor guess)', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { env: { BACKEND_SECRET: SECRET }, render: fakeRenderer({ callUser: true }).render });
    await callEveryWay(app, { 'X-Backend-Secret': 'guess' });
    for (const hit of everyHit(standIn)) expect(hit.headers['x-backend-secret'], hit.url).toBe(SECRET);
  });

  it("When the secret is handed to createApp (as main.ts does for the embedded backend), then the language switch, the manifest and the readiness probe's reachability check carry it too", async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url, { backendSecret: SECRET });
    await request(app).get('/locale/sv?return=/').set('Cookie', 'auth=abc');
    await request(app).get('/manifest.webmanifest');
    // /readyz never waits for the backend: it starts a reachability check of the backend's /healthz beside its answer.
    await request(app).get('/readyz');
    await expect.poll(() => standIn!.hits('/healthz').length).toBeGreaterThan(0);
    const settings = standIn.hits('/api/settings.php');
    expect(settings).toHaveLength(1);
    for (const hit of [standIn.hits('/api/user.php')[0]!, ...settings, standIn.hits('/healthz')[0]!]) {
      expect(hit.headers['x-backend-secret'], hit.url).toBe(SECRET);
    }
  });

  it('When no secret is configured, then no x-backend-secret header reaches the backend', async () => {
    standIn = await startStandIn(routes);
    app = makeApp(standIn.url);
    await request(app).get('/api/chats.php');
    expect(standIn.hits('/api/chats.php')[0]!.headers['x-backend-secret']).toBeUndefined();
  });
});

describe('SSR calls and Idempotency-Key', () => {
  it("When the renderer sets its own Idempotency-Key on a write that honours it, then that key reaches the backend and the write is retried; the visitor's key does not", async () => {
    let n = 0;
    standIn = await startStandIn({
      '/api/complaints.php': (_req, res) =>
        ++n === 1 ? json(res, 503, { error: { code: 'busy', message: 'busy' } }) : json(res, 201, { reference: 'R-1' }),
    });
    const render: RenderFn = async (req, res) => {
      const answer = await req.api.POST('/complaints.php', {
        body: { message: 'hi' } as never,
        headers: { 'Idempotency-Key': 'render-1' },
      });
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><p>${answer.response.status}</p>`);
    };
    app = makeApp(standIn.url, { render });
    const res = await request(app).get('/complaint').set('Accept', 'text/html').set('Idempotency-Key', 'visitor-1');
    expect(res.text).toContain('<p>201</p>');
    expect(standIn.hits('/api/complaints.php').map((h) => h.headers['idempotency-key'])).toEqual(['render-1', 'render-1']);
    expect(standIn.hits('/api/settings.php')[0]!.headers['idempotency-key']).toBeUndefined();
  });
});
