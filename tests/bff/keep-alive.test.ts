import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, IDLE_SOCKET_TIMEOUT_MS, type Backend } from '../../src/bff/backend';
import { keepIdleConnectionsOpen, SERVER_KEEP_ALIVE_MS } from '../../src/shared/keep-alive';

const freeSockets = (backend: Backend) => Object.values(backend.agent.freeSockets).flat().length;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept-alive sockets to a backend', () => {
  let server: http.Server | undefined;
  let backend: Backend | undefined;
  afterEach(async () => {
    backend?.destroy();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it('When the backend announces a 3 s keep-alive, then the BFF closes its idle socket before the backend does, and the next call gets a fresh one', async () => {
    const sockets = new Set<Socket>();
    server = http.createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 3_000; // Node answers `Keep-Alive: timeout=3`
    server.on('connection', (socket: Socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    backend = createBackend({ backendUrl: `http://127.0.0.1:${port}`, logger: pino({ level: 'silent' }), breaker: false });

    const first = await backend.send({ method: 'GET', path: '/media/a.jpg', headers: {} });
    first.response.resume();
    await new Promise((resolve) => first.response.on('end', resolve));
    await wait(100);
    expect(freeSockets(backend)).toBe(1);

    // A second early (Node's buffer): at 2.5 s the agent has let the socket go, while the backend would still hold it.
    await wait(2_400);
    expect(freeSockets(backend)).toBe(0);

    const second = await backend.send({ method: 'GET', path: '/media/a.jpg', headers: {} });
    second.response.resume();
    expect(second.response.statusCode).toBe(200);
    expect(second.attempts).toBe(1);
    expect(sockets.size).toBe(2);
  });

  it('When the backend is one of ours, then it announces a keep-alive longer than the BFF keeps an idle socket, so the BFF always closes first', async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    keepIdleConnectionsOpen(server);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    backend = createBackend({ backendUrl: `http://127.0.0.1:${port}`, logger: pino({ level: 'silent' }), breaker: false });

    const answer = await backend.send({ method: 'GET', path: '/healthz', headers: {} });
    answer.response.resume();
    await new Promise((resolve) => answer.response.on('end', resolve));
    await wait(50);

    expect(answer.response.headers['keep-alive']).toBe(`timeout=${SERVER_KEEP_ALIVE_MS / 1000}`);
    const [socket] = Object.values(backend.agent.freeSockets).flat();
    // The idle socket's deadline is the BFF's own, not the announced one less Node's one-second buffer.
    expect(socket?.timeout).toBe(IDLE_SOCKET_TIMEOUT_MS);
  });
});
