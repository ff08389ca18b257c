import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STREAM_HEADER } from '../../../src/shared/member-stream';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';

let ctx: TestContext;
let server: Server;
let url = '';
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

/** The head of the answer to a stream request with this cookie (the stream itself is closed at once). */
function streamHead(cookie: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${url}/api/events.php`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      resolve(res);
      req.destroy();
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });
}

describe('the event stream tells the BFF whose it is', () => {
  it('When a member of a live session opens his stream, then it says so; a made-up login cookie gets no stream and no such word', async () => {
    const member = await streamHead(await loginCookie(ctx.app, DEMO_LOGINS.premium));
    expect(member.statusCode).toBe(200);
    expect(member.headers[MEMBER_STREAM_HEADER]).toBe('member');
    const madeUp = await streamHead('auth=0123456789abcdef0123456789abcdef');
    expect(madeUp.statusCode).not.toBe(200);
    expect(madeUp.headers[MEMBER_STREAM_HEADER]).toBeUndefined();
  });
});
