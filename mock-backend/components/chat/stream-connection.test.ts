import http from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { MAX_STREAMS_PER_MEMBER } from './stream';

let ctx: TestContext;
let server: Server;
let port = 0;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

/** A stream asked over a raw socket, so the test sees the very bytes and whether the backend closes the socket. */
interface RawStream {
  socket: Socket;
  text: () => string;
  closed: () => boolean;
}

async function rawStream(cookie: string, connection: 'close' | 'keep-alive'): Promise<RawStream> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET /api/events.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\nConnection: ${connection}\r\n\r\n`,
  );
  await expect.poll(() => text.includes('\r\n\r\n')).toBe(true);
  return { socket, text: () => text, closed: () => closed };
}

const headOf = (text: string) => text.slice(0, text.indexOf('\r\n\r\n')).toLowerCase();

/** Opens streams of the member until the cap evicts his oldest one (the backend ends it with `event: closed`). */
async function evictOldest(cookie: string): Promise<http.ClientRequest[]> {
  const opened: http.ClientRequest[] = [];
  for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
    const req = http.get(`http://127.0.0.1:${port}/api/events.php`, { headers: { cookie, accept: 'text/event-stream' }, agent: false });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.once('response', () => resolve()));
    opened.push(req);
  }
  return opened;
}

describe('event stream: Connection: close', () => {
  it('When a stream is asked with Connection: close, then its head says close, and once the backend ends the stream it closes the socket', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const stream = await rawStream(cookie, 'close');
    expect(headOf(stream.text())).toMatch(/^http\/1\.1 200/);
    expect(headOf(stream.text())).toContain('connection: close');
    expect(headOf(stream.text())).not.toContain('keep-alive');

    const others = await evictOldest(cookie);
    try {
      await expect.poll(() => stream.text().includes('event: closed'), { timeout: 5000 }).toBe(true);
      // The socket ends with the stream: no request after it can be read (nor answered with a bare 400) on it.
      await expect.poll(stream.closed, { timeout: 5000 }).toBe(true);
      expect(stream.text()).not.toContain('400 Bad Request');
    } finally {
      for (const req of others) req.destroy();
      stream.socket.destroy();
    }
  });

  it('When a stream is asked with keep-alive, then the socket stays open for the next request once the stream ends', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const stream = await rawStream(cookie, 'keep-alive');
    expect(headOf(stream.text())).toContain('connection: keep-alive');
    const others = await evictOldest(cookie);
    try {
      await expect.poll(() => stream.text().includes('event: closed'), { timeout: 5000 }).toBe(true);
      // The stream's answer is over (its last chunk), and the same socket answers the next request.
      await expect.poll(() => stream.text().endsWith('0\r\n\r\n'), { timeout: 5000 }).toBe(true);
      const before = stream.text().length;
      stream.socket.write(`GET /api/interests.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await expect.poll(() => stream.text().slice(before), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 200 /);
      expect(stream.closed()).toBe(false);
    } finally {
      for (const req of others) req.destroy();
      stream.socket.destroy();
    }
  });
});
