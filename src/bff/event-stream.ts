import http from 'node:http';
import https from 'node:https';
import type { Request, RequestHandler, Response } from 'express';
import { MEMBER_STREAM_HEADER } from '../shared/member-stream';
import { serverText } from '../server/messages';
import { readBody, type Backend } from './backend';
import { errorAnswer, speaksSpecification } from './legacy-dialect';
import type { RoutedBackends } from './router';
import { backendHeaders } from './backend-headers';
import { BACKEND_UNAVAILABLE, sendJsonError } from './errors';
import { apiLocale } from './locale';
import { forwardContext, isHttps, requestLog } from './request-context';
import { answerHeaders } from './response-policy';
import { sessionPolicy } from './session-policy';

/**
 * GET /api/events.php (operation `streamEvents`): the backend's Server-Sent Events passed through to the browser.
 *
 * - Its own agent: every open stream holds a backend socket for as long as the page is open, so streams never take
 *   sockets of the shared keep-alive agent (128) that pages and API calls need. No retries: the browser reconnects
 *   by itself with `Last-Event-ID`, and the backend replays from its tables what happened in between — which is how
 *   a stream survives a BFF restart.
 * - Nothing buffers: no compression (app.ts leaves text/event-stream alone), `Cache-Control: no-transform`,
 *   `X-Accel-Buffering: no` for nginx-like proxies, Nagle off, every chunk written as it comes.
 * - Routed like any operation (`streamEvents` in the routing table). A member whose session lives on the PHP service
 *   holds a stream of another backend through the identity bridge (identity-bridge.ts): the stream opens with the
 *   bridge's assertion, and ends when that session does: a logout through this BFF at once, any other end within
 *   the bridge's cache time (the bridge asks the PHP service again when its word for the session runs out).
 * - Errors before the stream starts keep the contract's JSON error body, and its cookies follow the session policy
 *   (session-policy.ts) as on every other path: a logged-out answer clears a stale `auth` cookie the browser sent,
 *   never a backend's own session cookie (PHPSESSID); a backend that cannot be reached is a 502
 *   `backend_unavailable` (the app falls back to polling).
 * - Every stream counts as a visitor's against the per-address cap unless the backend's answer says it belongs to a
 *   live session (MEMBER_STREAM_HEADER, which the browser never sees): a login cookie alone proves nothing, a made-up
 *   or stale one gains no streams. Without a login cookie the full address is refused before the backend is asked.
 */
export interface EventStreamOptions {
  /** The backends; the stream goes to the one the routing table names for `streamEvents`. */
  backend: Pick<RoutedBackends, 'backends' | 'routeOf' | 'identityHeaders' | 'bridge'>;
  authCookieName: string;
  trustProxy: boolean;
  /** Streams per BFF at most (each holds one backend socket); beyond it 503 with Retry-After. */
  maxStreams?: number;
  /**
   * Streams one address may hold open that are not of a live session (visitors), per BFF process; beyond it 429
   * `too_many_streams`. Members are capped by the backend, per member over all instances.
   */
  maxVisitorStreamsPerAddress?: number;
}

/** Open visitor streams per client address (per BFF process). */
const MAX_VISITOR_STREAMS_PER_ADDRESS = 30;

export const EVENT_STREAM_PATH = '/api/events.php';
/** The reconnection delay a stream ended by a shutdown tells the browser (SSE `retry:` field), ms. */
const SHUTDOWN_RETRY_MS = 1_000;

export function eventStreamProxy(options: EventStreamOptions): RequestHandler & { agent: http.Agent; close(): void; size(): number } {
  const { backend: routed } = options;
  const session = sessionPolicy(options.authCookieName);
  const name = routed.routeOf('GET', EVENT_STREAM_PATH);
  const backend = routed.backends.get(name) as Backend;
  const target = new URL(backend.url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: false, maxSockets: Infinity });
  const maxStreams = options.maxStreams ?? 20_000;
  const open = new Set<Response>();
  /** Whether the last bytes a stream got ended an event (a retry hint may follow only there). */
  const atBoundary = new WeakMap<Response, boolean>();
  const perVisitorAddress = new Map<string, number>();
  const maxPerAddress = options.maxVisitorStreamsPerAddress ?? MAX_VISITOR_STREAMS_PER_ADDRESS;

  const handler = async (req: Request, res: Response): Promise<void> => {
    const locale = apiLocale(req.get('cookie'));
    if (open.size >= maxStreams) {
      res.setHeader('Retry-After', '5');
      sendJsonError(res, 503, 'too_many_streams', serverText(locale, 'tooManyStreams'));
      return;
    }
    const path = req.originalUrl;
    const ctx = forwardContext(req, locale, options.trustProxy);
    const full = () => (perVisitorAddress.get(ctx.clientIp) ?? 0) >= maxPerAddress;
    const refuseVisitor = () => {
      res.setHeader('Retry-After', '60');
      sendJsonError(res, 429, 'too_many_streams', serverText(locale, 'tooManyStreams'));
    };
    if (!session.sentAuth(req.get('cookie')) && full()) {
      refuseVisitor();
      return;
    }
    const forwarded = backendHeaders(req.headers, path, ctx);
    let asserted: Awaited<ReturnType<typeof routed.identityHeaders>>;
    try {
      asserted = await routed.identityHeaders(name, { method: 'GET', path, headers: forwarded });
    } catch (err) {
      requestLog(req).warn({ err }, 'event stream: the session backend could not confirm the session');
      sendJsonError(res, BACKEND_UNAVAILABLE.status, BACKEND_UNAVAILABLE.code, BACKEND_UNAVAILABLE.message);
      return;
    }
    const headers = { ...forwarded, ...asserted, ...backend.secretHeaders(), accept: 'text/event-stream' };

    const upstreamReq = client.request(new URL(path, target), { method: 'GET', headers, agent });
    const abort = () => upstreamReq.destroy();
    res.once('close', abort);
    // A bridged stream ends with its PHP session, however that ends: a logout through this BFF at once; a logout
    // elsewhere or the session's expiry when the bridge asks the PHP service again (within its cache time).
    if (Object.keys(asserted).length > 0 && routed.bridge) {
      const unsubscribe = routed.bridge.watch(req.get('cookie'), () => {
        if (!res.writableEnded) res.end();
        upstreamReq.destroy();
      });
      res.once('close', unsubscribe);
    }

    upstreamReq.on('error', (err) => {
      if (res.writableEnded || res.destroyed) return;
      if (!res.headersSent) {
        requestLog(req).warn({ err }, 'event stream: backend unavailable');
        sendJsonError(res, BACKEND_UNAVAILABLE.status, BACKEND_UNAVAILABLE.code, BACKEND_UNAVAILABLE.message);
      } else {
        res.end();
      }
    });

    upstreamReq.on('response', (upstream) => {
      const status = upstream.statusCode ?? 502;
      const type = String(upstream.headers['content-type'] ?? '');
      const streaming = status === 200 && type.startsWith('text/event-stream');
      // Checked and counted in one turn when the stream starts, so parallel requests cannot all pass the check.
      const visitorAddress = upstream.headers[MEMBER_STREAM_HEADER] === undefined ? ctx.clientIp : null;
      if (streaming && visitorAddress !== null && full()) {
        upstream.destroy();
        refuseVisitor();
        return;
      }
      const secure = isHttps(req);
      const { headers, setsAuth } = answerHeaders(upstream.headers, session, { secure, host: req.hostname });
      for (const [name, value] of headers) if (name !== 'content-length') res.setHeader(name, value);
      if (!streaming) {
        void readBody(upstream, 1_048_576).then(
          (raw) => {
            // A refusal of a backend that speaks the specification reads as the contract's (legacy-dialect.ts).
            const payload = speaksSpecification(backend) ? errorAnswer({ method: 'GET', path, headers: forwarded }, status, raw) : raw;
            if (payload !== raw) res.setHeader('content-type', 'application/json; charset=utf-8');
            const sentAuth = session.sentAuth(req.get('cookie'));
            const clearing = session.loggedOutCookie({ status, body: payload }, { sentAuth, authJustSet: setsAuth, secure });
            if (clearing) res.append('set-cookie', clearing);
            res.status(status).setHeader('content-length', payload.length);
            res.end(payload);
          },
          () => res.destroy(),
        );
        return;
      }
      res.status(200);
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      req.socket.setNoDelay(true);
      req.socket.setTimeout(0);
      res.flushHeaders();
      open.add(res);
      let counted = visitorAddress !== null;
      if (visitorAddress !== null) perVisitorAddress.set(visitorAddress, (perVisitorAddress.get(visitorAddress) ?? 0) + 1);
      const uncount = () => {
        if (!counted || visitorAddress === null) return;
        counted = false;
        const left = (perVisitorAddress.get(visitorAddress) ?? 1) - 1;
        if (left > 0) perVisitorAddress.set(visitorAddress, left);
        else perVisitorAddress.delete(visitorAddress);
      };
      upstream.on('data', (chunk: Buffer) => {
        atBoundary.set(res, chunk.length >= 2 && chunk[chunk.length - 1] === 0x0a && chunk[chunk.length - 2] === 0x0a);
        // A slow browser: stop reading the backend until its socket drains, rather than buffering in the BFF.
        if (!res.write(chunk)) {
          upstream.pause();
          res.once('drain', () => upstream.resume());
        }
      });
      const finish = () => {
        open.delete(res);
        uncount();
        if (!res.writableEnded) res.end();
      };
      upstream.once('end', finish);
      upstream.once('error', finish);
      upstream.once('close', finish);
      res.once('close', () => {
        open.delete(res);
        uncount();
      });
    });
    upstreamReq.end();
  };

  return Object.assign(handler as RequestHandler, {
    agent,
    /**
     * Ends every open stream (shutdown) with a retry hint where an event just ended: browsers reconnect within
     * SHUTDOWN_RETRY_MS, to this BFF once it is back or to another, and resume with Last-Event-ID.
     */
    close() {
      for (const res of open) {
        if (atBoundary.get(res) !== false && !res.writableEnded) res.write(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
        res.end();
      }
      open.clear();
      agent.destroy();
    },
    /** Streams open now (metrics). */
    size: () => open.size,
  });
}
