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

  /** Starts `server` on a free port and a BFF backend in front of it. */
  async function backendOf(started: http.Server): Promise<Backend> {
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    const { port } = started.address() as AddressInfo;
    backend = createBackend({ backendUrl: `http://127.0.0.1:${port}`, logger: pino({ level: 'silent' }), breaker: false });
    return backend;
  }

  /** One GET through the backend, its answer read to the end (so its socket goes back to the agent). */
  async function getToTheEnd(through: Backend, path: string) {
    const answer = await through.send({ method: 'GET', path, headers: {} });
    answer.response.resume();
    await new Promise((resolve) => answer.response.on('end', resolve));
    return answer;
  }

  it('When the backend announces a 3 s keep-alive, then the BFF closes its idle socket before the backend does, and the next call gets a fresh one', async () => {
    const sockets = new Set<Socket>();
    const plain = http.createServer((_req, res) => res.end('ok'));
    plain.keepAliveTimeout = 3_000; // Node answers `Keep-Alive: timeout=3`
    plain.on('connection', (socket: Socket) => sockets.add(socket));
    const client = await backendOf(plain);

    await getToTheEnd(client, '/media/a.jpg');
    await wait(100);
    expect(freeSockets(client)).toBe(1);

    // A second early (Node's buffer): at 2.5 s the agent has let the socket go, while the backend would still hold it.
    await wait(2_400);
    expect(freeSockets(client)).toBe(0);

    const second = await client.send({ method: 'GET', path: '/media/a.jpg', headers: {} });
    second.response.resume();
    expect(second.response.statusCode).toBe(200);
    expect(second.attempts).toBe(1);
    expect(sockets.size).toBe(2);
  });

  it('When the backend is one of ours, then it announces a keep-alive longer than the BFF keeps an idle socket, so the BFF always closes first', async () => {
    const ours = http.createServer((_req, res) => res.end('ok'));
    keepIdleConnectionsOpen(ours);
    const client = await backendOf(ours);

    const answer = await getToTheEnd(client, '/healthz');
    await wait(50);

    expect(answer.response.headers['keep-alive']).toBe(`timeout=${SERVER_KEEP_ALIVE_MS / 1000}`);
    const [socket] = Object.values(client.agent.freeSockets).flat();
    // The idle socket's deadline is the BFF's own, not the announced one less Node's one-second buffer.
    expect(socket?.timeout).toBe(IDLE_SOCKET_TIMEOUT_MS);
  });
});
