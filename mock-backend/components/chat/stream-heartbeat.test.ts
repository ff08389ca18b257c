import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bus, BusSignal } from '../../lib/bus';
import { sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import type { MediaSigner } from '../photos/index';
import { streamHandler } from './stream';

const HEARTBEAT_MS = 400;

/** A bus the test speaks through: it hands a member's listeners the signals the test sends. */
function manualBus() {
  const listeners = new Map<number, Set<(signal: BusSignal) => void>>();
  const bus: Bus = {
    publish: async () => undefined,
    notification: () => null,
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => set.delete(listener);
    },
    size: () => listeners.size,
    close: async () => undefined,
  };
  const send = (userId: number, signal: BusSignal) => {
    for (const listener of listeners.get(userId) ?? []) listener(signal);
  };
  return { bus, send };
}

let ctx: TestContext;
let server: http.Server;
let base = '';
let members: number[] = [];
const { bus, send } = manualBus();

beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
  members = (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users ORDER BY id LIMIT 3`)).map((r) => r.id);
  // The heartbeat's clock is the test's: its timer and performance.now() move only when the test advances them, so a
  // loaded machine's late timers cannot make a busy stream look quiet. Sockets and timeouts stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  const handler = streamHandler({
    db: ctx.db,
    bus,
    logger: createLogger('silent'),
    getSigner: async () => ({}) as MediaSigner,
    heartbeatMs: HEARTBEAT_MS,
  });
  // The stream's own handler, for a member the test names (the session middleware is tested elsewhere).
  const app = express();
  app.get('/events/:user', (req, res) => void handler(req, res, { userId: Number(req.params.user), sessionId: `s-${req.params.user}` }));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  vi.useRealTimers();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

function open(userId: number): { text: () => string; close: () => void; ready: Promise<void> } {
  let text = '';
  let req: http.ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    req = http.get(`${base}/events/${userId}`, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', () => undefined);
      resolve();
    });
    req.on('error', reject);
  });
  return { text: () => text, close: () => req?.destroy(), ready };
}

const pings = (text: string) => text.split(': ping\n\n').length - 1;

describe('event stream heartbeat', () => {
  it('When a stream stays quiet, then it gets a comment line every heartbeat; a stream that carries events gets none', async () => {
    const [quietId, busyId, partnerId] = members as [number, number, number];
    const quiet = open(quietId);
    const busy = open(busyId);
    await Promise.all([quiet.ready, busy.ready]);
    try {
      // The busy member hears a typing signal four times a heartbeat, for three heartbeats; the quiet one hears nothing.
      for (let step = 0; step < 12; step++) {
        send(busyId, { type: 'typing', conversation: 1, from: partnerId });
        vi.advanceTimersByTime(HEARTBEAT_MS / 4);
      }
      await expect.poll(() => pings(quiet.text()), { interval: 20 }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => busy.text(), { interval: 20 }).toContain('event: typing');
      expect(pings(busy.text())).toBe(0);

      // Once the events stop, the busy stream is quiet too and gets its comment line.
      vi.advanceTimersByTime(2 * HEARTBEAT_MS);
      await expect.poll(() => pings(busy.text()), { interval: 20 }).toBeGreaterThanOrEqual(1);
    } finally {
      quiet.close();
      busy.close();
    }
  });
});
