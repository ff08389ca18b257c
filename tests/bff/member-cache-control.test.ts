import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../mock-backend/seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../mock-backend/test/context';
import type { BffApp } from '../../src/bff/app';
import { makeApp } from './helpers';

/**
 * A member's answers through the BFF in front of the embedded backend: his answers leave `private, no-store` (refusals
 * and a visitor's 403 too), `GET user.php` `private, no-cache` with its ETag and its 304, the site's public data as
 * the backend says (the settings without any, so the BFF keeps sharing them).
 */

let ctx: TestContext;
let backend: Server;
let bff: BffApp;

beforeAll(async () => {
  ctx = await createTestContext({ members: 4 });
  backend = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => backend.once('listening', resolve));
  bff = makeApp(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`, { backendSecret: TEST_BACKEND_SECRET });
});
afterAll(async () => {
  bff?.dispose();
  backend?.closeAllConnections();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
  await ctx?.close();
});

describe('through the BFF', () => {
  it('When a member asks through the BFF, then his answers leave private, no-store, GET user.php private, no-cache with its ETag and a 304 on revalidation, and the public data as the backend says', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const user = await request(bff).get('/api/user.php').set('cookie', cookie);
    expect(user.status).toBe(200);
    expect(user.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await request(bff)
      .get('/api/user.php')
      .set('cookie', cookie)
      .set('if-none-match', user.headers.etag as string);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('private, no-cache');

    const chats = await request(bff).get('/api/chats.php').set('cookie', cookie);
    expect(chats.status).toBe(200);
    expect(chats.headers['cache-control']).toBe('private, no-store');
    const refused = await request(bff).post('/api/message.php').set('cookie', cookie).send({});
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const visitor = await request(bff).get('/api/chats.php');
    expect(visitor.status).toBe(403);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    const members = await request(bff).get('/api/members.php').query({ limit: 2 });
    expect(members.headers['cache-control']).toBe('private, no-store');

    expect((await request(bff).get('/api/interests.php').set('cookie', cookie)).headers['cache-control']).toBe('public, max-age=3600');
    const settings = await request(bff).get('/api/settings.php').set('cookie', cookie);
    expect(settings.status).toBe(200);
    expect(settings.headers['cache-control']).toBeUndefined();
  });
});
