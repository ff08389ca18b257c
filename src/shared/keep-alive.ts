import type { Server } from 'node:http';

/**
 * How long the BFF and the backend keep an idle kept-alive connection open: longer than whoever calls them keeps one.
 * The side that closes an idle connection must be the caller, because a caller that sends its next request on a
 * connection the server is closing at that moment gets a reset (a write without an Idempotency-Key is never sent
 * again, so a member would see a 502). Node's default of 5 s left the BFF's agent, which honours the announced
 * `Keep-Alive: timeout=5` and lets its sockets go a second early, a margin of two seconds, and a loaded machine can
 * stall a process that long. With 65 s the BFF's agent closes its idle sockets after its own 30 s, and a load balancer
 * or reverse proxy in front of the BFF after its usual 60 s (nginx's upstream keepalive_timeout, a cloud balancer's
 * idle timeout), each well before the server would.
 */
export const SERVER_KEEP_ALIVE_MS = 65_000;

/** Sets a listening server's keep-alive to SERVER_KEEP_ALIVE_MS (shutdown still closes idle connections at once). */
export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  // The guard against slow headers (60 s by default) stays above the keep-alive, as usual with a long one: a request
  // that starts on a connection just before its keep-alive ends must not meet the headers' deadline first.
  server.headersTimeout = SERVER_KEEP_ALIVE_MS + 1_000;
}
