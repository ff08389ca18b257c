import type { Server, ServerResponse } from 'node:http';

/**
 * Lets a shutting-down HTTP server close each keep-alive connection as soon as its last request is answered.
 * server.close() stops the listener and closes the connections idle at that moment, but a connection whose request
 * was still in flight stays open after its answer until the client's keep-alive runs out — holding the process's exit
 * that long. Once `drain()` is called, every answer not yet started says `Connection: close` (the server closes the
 * connection after it), and a connection whose answer had already started is closed once it finished.
 */
export function connectionDrain(server: Server): { drain(): void } {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeIdle = () => setImmediate(() => server.closeIdleConnections());
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    if (draining) closeAfter(res);
    res.once('finish', () => {
      if (draining) closeIdle();
    });
    res.once('close', () => open.delete(res));
  });
  return {
    drain() {
      draining = true;
      for (const res of open) closeAfter(res);
      closeIdle();
    },
  };
}
