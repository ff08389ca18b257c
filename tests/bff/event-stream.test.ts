import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { AUTH_REQUIRED, deadPort, json, makeApp, setCookies, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;
let server: http.Server | undefined;
const held: http.ServerResponse[] = [];

afterEach(async () => {
  for (const res of held.splice(0)) res.end();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
  server = undefined;
});

/**
 * A stand-in stream: headers and a first event at once, then it stays open (the test ends it). Like the backend, it
 * marks the stream of a live session (here: the cookie `auth=live`) as a member's.
 */
function sseRoute(req: Recorded, res: http.ServerResponse) {
  const member = req.headers.cookie === 'auth=live' ? { 'x-member-stream': 'member' } : {};
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...member });
  res.write(`id: 7\nevent: message\ndata: {"last":"${req.headers['last-event-id'] ?? ''}"}\n\n`);
  held.push(res);
}

async function listen(bff: BffApp): Promise<string> {
  server = bff.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server?.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** GET through the BFF; resolves with the head and the first chunk of the body while the stream stays open. */
function firstChunk(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ res: http.IncomingMessage; chunk: string; req: http.ClientRequest }>((resolve, reject) => {
    const req = http.get(`${url}/api/events.php`, { headers }, (res) => {
      res.setEncoding('utf8');
      res.once('data', (chunk: string) => resolve({ res, chunk, req }));
      res.once('end', () => resolve({ res, chunk: '', req }));
    });
    req.on('error', reject);
  });
}

describe('/api/events.php through the BFF', () => {
  it('When the backend streams, then the first event reaches the browser at once, uncompressed, with Last-Event-ID and the identity headers passed on', async () => {
    standIn = await startStandIn({ '/api/events.php': sseRoute });
    app = makeApp(standIn.url, { backendSecret: 'x'.repeat(40) });
    const url = await listen(app);
    const { res, chunk, req } = await firstChunk(url, {
      'accept-encoding': 'gzip',
      'last-event-id': '41',
      cookie: 'auth=live',
      'x-client-ip': '6.6.6.6',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['x-accel-buffering']).toBe('no');
    // The backend's word that the stream is a member's stays between the backend and the BFF.
    expect(res.headers['x-member-stream']).toBeUndefined();
    expect(chunk).toContain('data: {"last":"41"}');
    const seen = standIn.hits('/api/events.php')[0];
    expect(seen?.headers.cookie).toBe('auth=live');
    expect(seen?.headers['x-backend-secret']).toBe('x'.repeat(40));
    expect(seen?.headers['x-client-ip']).toBe('127.0.0.1');
    req.destroy();
  });

  it('When 140 streams are open, then API calls still get sockets (streams have their own agent, not the shared 128)', async () => {
    standIn = await startStandIn({
      '/api/events.php': sseRoute,
      '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }),
    });
    app = makeApp(standIn.url);
    const url = await listen(app);
    // Members' streams (of a live session): visitors are capped per address (the next test).
    const streams = await Promise.all(Array.from({ length: 140 }, () => firstChunk(url, { cookie: 'auth=live' })));
    expect(streams.every((s) => s.res.statusCode === 200)).toBe(true);
    const answer = await fetch(`${url}/api/chats.php`, { signal: AbortSignal.timeout(5_000) });
    expect(answer.status).toBe(200);
    for (const s of streams) s.req.destroy();
  });

  it('When one address holds 30 visitor streams, then the 31st is 429 too_many_streams; a closed one frees its place', async () => {
    standIn = await startStandIn({ '/api/events.php': sseRoute });
    app = makeApp(standIn.url);
    const url = await listen(app);
    const streams = [];
    for (let i = 0; i < 30; i++) streams.push(await firstChunk(url));
    expect(streams.every((s) => s.res.statusCode === 200)).toBe(true);
    const refused = await fetch(`${url}/api/events.php`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json()).error.code).toBe('too_many_streams');
    // The refusal speaks the visitor's language (his locale cookie).
    const dutch = await fetch(`${url}/api/events.php`, { headers: { cookie: 'locale=nl' } });
    expect((await dutch.json()).error.message).toBe(
      'Er zijn te veel live verbindingen open. Sluit een ander tabblad of probeer het zo meteen opnieuw.',
    );
    // A member (a live session, as the backend says) is not counted here.
    const member = await firstChunk(url, { cookie: 'auth=live' });
    expect(member.res.statusCode).toBe(200);
    streams[0]?.req.destroy();
    await expect
      .poll(
        async () => {
          const again = await firstChunk(url);
          again.req.destroy();
          return again.res.statusCode;
        },
        { timeout: 5000 },
      )
      .toBe(200);
    for (const s of [...streams, member]) s.req.destroy();
  });

  it("When streams carry a made-up auth cookie, then they count as visitors' streams: the 31st of the address is 429 and its backend stream is closed", async () => {
    standIn = await startStandIn({ '/api/events.php': sseRoute });
    app = makeApp(standIn.url);
    const url = await listen(app);
    const streams = [];
    for (let i = 0; i < 30; i++) streams.push(await firstChunk(url, { cookie: `auth=made-up-${i}` }));
    expect(streams.every((s) => s.res.statusCode === 200)).toBe(true);
    const refused = await fetch(`${url}/api/events.php`, { headers: { cookie: 'auth=made-up-again' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json()).error.code).toBe('too_many_streams');
    // The backend had started that stream; the BFF closed it rather than hold it.
    await expect.poll(() => held.filter((r) => !r.destroyed && !r.writableEnded && r.socket !== null).length).toBe(30);
    // Without any cookie the full address is refused before the backend is asked.
    const asked = standIn.hits('/api/events.php').length;
    expect((await fetch(`${url}/api/events.php`)).status).toBe(429);
    expect(standIn.hits('/api/events.php')).toHaveLength(asked);
    for (const s of streams) s.req.destroy();
  });

  it('When the browser hangs up, then the backend stream is closed too', async () => {
    let closed = false;
    standIn = await startStandIn({
      '/api/events.php': (req, res) => {
        sseRoute(req, res);
        res.once('close', () => (closed = true));
      },
    });
    app = makeApp(standIn.url);
    const url = await listen(app);
    const { req } = await firstChunk(url);
    req.destroy();
    for (let i = 0; i < 50 && !closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(true);
  });

  it('When the backend refuses (403 authentication_required), then the JSON error passes and the auth cookie is cleared; unreachable is 502 backend_unavailable', async () => {
    standIn = await startStandIn({ '/api/events.php': (_req, res) => json(res, 403, AUTH_REQUIRED) });
    app = makeApp(standIn.url);
    const url = await listen(app);
    const refused = await fetch(`${url}/api/events.php`, { headers: { cookie: 'auth=old' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(AUTH_REQUIRED);
    expect(setCookies(Object.fromEntries([['set-cookie', refused.headers.getSetCookie()]])).some((c) => /^auth=;/.test(c))).toBe(true);

    const dead = makeApp(`http://127.0.0.1:${await deadPort()}`);
    const deadServer = dead.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => deadServer.once('listening', resolve));
    try {
      const down = await fetch(`http://127.0.0.1:${(deadServer.address() as AddressInfo).port}/api/events.php`);
      expect(down.status).toBe(502);
      expect(((await down.json()) as { error: { code: string } }).error.code).toBe('backend_unavailable');
    } finally {
      deadServer.close();
      dead.dispose();
    }
  });
});
