import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../mock-backend/seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../mock-backend/test/context';
import { readEventStream } from '../../mock-backend/test/sse';
import type { BffApp } from '../../src/bff/app';
import { makeApp } from './helpers';
import { sql } from '../../mock-backend/lib/db';

let ctx: TestContext;
let backend: http.Server;
let backendUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  backend = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => backend.once('listening', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});
afterAll(async () => {
  backend?.closeAllConnections();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
  await ctx?.close();
});

async function startBff(port = 0): Promise<{ app: BffApp; server: http.Server; port: number }> {
  const app = makeApp(backendUrl, { backendSecret: TEST_BACKEND_SECRET });
  const server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return { app, server, port: (server.address() as AddressInfo).port };
}

async function stopBff(bff: { app: BffApp; server: http.Server }): Promise<void> {
  bff.app.closeStreams();
  await new Promise<void>((resolve) => bff.server.close(() => resolve()));
  bff.app.dispose();
}

/** What a browser's EventSource does: reconnect after the stream ends, with Last-Event-ID of the last event seen. */
function eventSource(url: string, cookie: string) {
  const events: { id: string | undefined; event: string; data: { id?: number; text?: string } }[] = [];
  let lastId: string | undefined;
  let closed = false;
  let current: http.ClientRequest | undefined;
  let connections = 0;
  const connect = () => {
    if (closed) return;
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) };
    current = http.get(url, { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        setTimeout(connect, 100);
        return;
      }
      connections += 1;
      readEventStream(res, {
        onId: (id) => {
          if (id) lastId = id;
        },
        onEvent: ({ id, event, data }) => {
          if (event && data) events.push({ id, event, data: JSON.parse(data) as { id?: number } });
        },
      });
      res.on('end', () => setTimeout(connect, 100));
      res.on('error', () => undefined);
    });
    current.on('error', () => setTimeout(connect, 100));
  };
  connect();
  return {
    events,
    connections: () => connections,
    close() {
      closed = true;
      current?.destroy();
    },
  };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the event stream across a BFF restart', () => {
  it('When the BFF restarts while a message is sent, then the browser reconnects with Last-Event-ID and gets the message it missed', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const [freeRow] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.free}`);
    const freeId = freeRow?.id as number;

    const first = await startBff();
    const source = eventSource(`http://127.0.0.1:${first.port}/api/events.php`, free);
    await until(() => source.connections() === 1);
    const before = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', premium)
      .send({ profile_id: freeId, text: 'before the restart' });
    expect(before.status).toBe(201);
    await until(() => source.events.some((e) => e.data.id === before.body.message.id));

    await stopBff(first);
    const missed = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', premium)
      .send({ profile_id: freeId, text: 'while the BFF was down' });
    expect(missed.status).toBe(201);
    const second = await startBff(first.port);
    try {
      await until(() => source.events.some((e) => e.data.id === missed.body.message.id));
      expect(source.connections()).toBe(2);
      const replayed = source.events.find((e) => e.data.id === missed.body.message.id);
      expect(replayed?.data.text).toBe('while the BFF was down');
      // Nothing twice: the first message is not replayed after the reconnect.
      expect(source.events.filter((e) => e.data.id === before.body.message.id)).toHaveLength(1);
    } finally {
      source.close();
      await stopBff(second);
    }
  });
});
