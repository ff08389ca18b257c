import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { Bus } from '../../lib/bus';
import { createLogger } from '../../lib/logger';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import { currentEventSeq, membersWithEventsAfter } from './repository';
import { sql } from '../../lib/db';

let ctx: TestContext;
let others: number[] = [];

/** A bus that loses every notification: only the catch-up can deliver. */
const deafBus: Bus = {
  publish: async () => undefined,
  notification: () => null,
  subscribe: () => () => undefined,
  size: () => 0,
  close: async () => undefined,
};

const loginAs = (id: number) => loginAsMember(ctx, id, { free: true });

beforeAll(async () => {
  ctx = await createTestContext({ members: 16 });
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
       AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
     ORDER BY u.id LIMIT 3`,
  );
  others = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx?.close();
});

describe('chat catch-up', () => {
  it('When members have events past their position, then one batched query names exactly those members', async () => {
    const [aId, bId, cId] = others as [number, number, number];
    const a = await loginAs(aId);
    const start = await currentEventSeq(ctx.db);
    const sent = await request(ctx.app).post('/api/message.php').set('cookie', a).send({ profile_id: bId, text: 'catch me up' });
    expect(sent.status).toBe(201);
    const due = await membersWithEventsAfter(ctx.db, [
      { userId: aId, after: start },
      { userId: bId, after: start },
      { userId: cId, after: start },
    ]);
    expect([...due].sort()).toEqual([aId, bId].sort());
    expect(await membersWithEventsAfter(ctx.db, [{ userId: bId, after: sent.body.message.seq }])).toEqual(new Set());
  });

  it('When every notification is lost, then an open stream still gets the message at the next catch-up', async () => {
    const [aId, bId] = others as [number, number];
    const a = await loginAs(aId);
    const b = await loginAs(bId);
    const app = createApp({
      db: ctx.db,
      bus: deafBus,
      chatCatchUpMs: 200,
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => undefined },
      publicUrl: 'http://localhost',
      backendSecret: TEST_BACKEND_SECRET,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      let text = '';
      const req = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events.php`, {
        headers: { cookie: b, accept: 'text/event-stream' },
      });
      await new Promise<void>((resolve, reject) => {
        req.on('error', reject);
        req.on('response', (res) => {
          expect(res.statusCode).toBe(200);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('error', () => undefined);
          resolve();
        });
      });
      const sent = await request(ctx.app).post('/api/message.php').set('cookie', a).send({ profile_id: bId, text: 'through the catch-up' });
      expect(sent.status).toBe(201);
      await expect.poll(() => text, { timeout: 5000, interval: 100 }).toContain('through the catch-up');
      expect(text).toContain(`id: ${sent.body.message.seq}\n`);
      req.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
