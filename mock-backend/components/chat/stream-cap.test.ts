import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import { MAX_STREAMS_PER_MEMBER } from './stream';
import { sql } from '../../lib/db';

let ctx: TestContext;
const servers: Server[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await ctx?.close();
});

/** An instance of the backend on the test database and bus, listening on a port of its own. */
async function instance(app = ctx.app): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface OpenStream {
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

async function openStream(base: string, cookie: string): Promise<OpenStream> {
  let text = '';
  let ended = false;
  const req = http.get(`${base}/api/events.php`, { headers: { cookie, accept: 'text/event-stream' } });
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      resolve();
    });
  });
  return { text: () => text, ended: () => ended, close: () => req.destroy() };
}

const rows = async () => (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM event_streams`))[0]?.n;

describe('open event streams per member', () => {
  it('When a member opens one stream more than the cap over two instances, then the oldest is closed with a reason event and the others stay open', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const second = createApp({
      db: ctx.db,
      bus: ctx.bus,
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => undefined },
      publicUrl: 'http://localhost',
      backendSecret: TEST_BACKEND_SECRET,
    });
    const [one, two] = [await instance(), await instance(second)];
    const streams: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
      streams.push(await openStream(i % 2 === 0 ? one : two, cookie));
      await expect.poll(rows).toBe(i + 1);
    }
    const oldest = streams[0] as OpenStream;
    const newest = await openStream(two, cookie);
    await expect.poll(() => oldest.ended(), { timeout: 5000 }).toBe(true);
    expect(oldest.text()).toContain('event: closed\ndata: {"reason":"too_many_streams"}\n\n');
    expect(await rows()).toBe(MAX_STREAMS_PER_MEMBER);
    for (const st of [...streams.slice(1), newest]) {
      expect(st.ended()).toBe(false);
      expect(st.text()).not.toContain('event: closed');
    }
    for (const st of [...streams, newest]) st.close();
    await expect.poll(rows, { timeout: 5000 }).toBe(0);
  });
});
