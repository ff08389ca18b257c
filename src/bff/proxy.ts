import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { readBody, type Backend, type BackendRequest } from './backend';
import { BackendUnavailableError, BreakerOpenError } from './backend-errors';
import {
  CLIENT_IDENTITY_HEADERS,
  REQUEST_TYPE_HEADER,
  TRACE_CONTEXT_HEADERS,
  backendHeaders,
  clientIdentityHeaders,
} from './backend-headers';
import { isLocale, type Locale } from '../shared/locales';
import { localeCookie } from './cookies';
import { BACKEND_UNAVAILABLE, requestTooLargeMessage, sendJsonError } from './errors';
import { apiLocale, localeFromCookie } from './locale';
import { noteCall } from './logging';
import {
  clientCountryOf,
  clientIpOf,
  forwardContext,
  isCrossSiteRequest,
  isCrossSiteWrite,
  isHttps,
  requestIdOf,
  requestLog,
} from './request-context';
import { answerHeaders } from './response-policy';
import { sessionPolicy } from './session-policy';
import { SETTINGS_PATH, createSettingsAnswers, settingsAnswerKey } from './settings-answers';
import { endWhole } from '../shared/whole-answer';

/**
 * `/api/*` → backend. Why not http-proxy-middleware here: it streams the request body straight into the
 * upstream socket, so a failed attempt cannot be replayed, and its `selfHandleResponse` still offers no way to
 * re-issue the request. This small forwarder buffers the body (capped), runs the attempt loop of
 * `backend.send` (keep-alive agent, retries only where safe), and then STREAMS the chosen answer to the
 * browser unchanged (a small one read whole, then written in one piece) — except what the session policy
 * (session-policy.ts) does to its cookies.
 * Paths not described in openapi.yaml pass through exactly like described ones (and are never retried unless
 * GET/HEAD/OPTIONS: only the contract can say a write honours `Idempotency-Key`).
 * `/media/*` has no retries, so it uses http-proxy-middleware (streaming pass-through); it carries the same
 * client-identity headers and backend secret as every other backend call.
 */

const MAX_BODY_BYTES = 12 * 1024 * 1024;

/** Answers up to this size (by their Content-Length) are read whole and written in one piece; larger ones stream. */
const SMALL_ANSWER_BYTES = 64 * 1024;

/** Headers of one backend answer that a kept settings answer does not repeat (settings-answers.ts). */
const PER_ANSWER_HEADERS = new Set(['date', 'content-length', 'x-request-id', 'age', 'server-timing']);

/**
 * The only `/api` paths the BFF forwards: `/api/<name>.php` as openapi.yaml spells them — lower-case letters, digits,
 * `-` and `_` — in the raw request line. Any other spelling (`/api/USER.php`, `/api//user.php`, `/api/user.php/`,
 * `/api/./user.php`, `/api/%75ser.php`, `/API/user.php`, an absolute-form target) answers 404 without reaching a
 * backend, so what the BFF decides by the path (request-type on user.php, the cross-site logout refusal) cannot be
 * evaded by a variant the backend would route to the same script.
 */
const API_PATH = /^\/api\/[a-z0-9]+(?:[-_][a-z0-9]+)*\.php$/;

/** The path of a raw request target (`req.originalUrl`), without its query. */
function rawPathname(originalUrl: string): string {
  const query = originalUrl.indexOf('?');
  return query < 0 ? originalUrl : originalUrl.slice(0, query);
}

/**
 * Calls that change state although the API makes them GETs (`GET /api/logout.php`): refused, whatever the method, when
 * another site's page starts them (a link or an image there), like every unsafe method.
 */
const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(['/api/logout.php']);

/** The name of the backend that answers (the routing table's, or the one backend's). */
function nameOf(backend: Backend, method: string, path: string): string {
  const routed = backend as Backend & { routeOf?: (method: string, path: string) => string };
  return routed.routeOf ? routed.routeOf(method, path) : backend.name;
}

export interface ApiProxyOptions {
  backend: Backend;
  authCookieName: string;
  trustProxy: boolean;
  maxBodyBytes?: number;
  /** `GET /api/settings.php` answers reused for a short while (settings-answers.ts); `freshMs: 0` turns it off. */
  settingsAnswers?: { freshMs?: number };
}

class PayloadTooLargeError extends Error {}

/** Buffers the request body so a retry can resend it; rejects with PayloadTooLargeError above `limit`. */
function bufferBody(req: Request, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new PayloadTooLargeError());
  if (!req.get('transfer-encoding') && !(declared > 0)) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const { backend } = options;
  const session = sessionPolicy(options.authCookieName);
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const settingsAnswers = createSettingsAnswers(options.settingsAnswers);

  return async (req: Request, res: Response, _next: NextFunction) => {
    const pathname = rawPathname(req.originalUrl);
    if (!API_PATH.test(pathname)) {
      sendJsonError(res, 404, 'not_found', 'Not found.');
      return;
    }
    if (isCrossSiteWrite(req) || (STATE_CHANGING_GETS.has(pathname) && isCrossSiteRequest(req))) {
      sendJsonError(res, 403, 'csrf_rejected', 'Cross-site request rejected.');
      return;
    }
    const ctx = forwardContext(req, apiLocale(req.get('cookie')), options.trustProxy);
    const settingsKey =
      req.method === 'GET' && pathname === SETTINGS_PATH
        ? settingsAnswerKey(req.originalUrl, ctx.clientIp, ctx.clientCountry, ctx.locale)
        : null;
    const kept = settingsKey === null ? undefined : settingsAnswers.fresh(settingsKey);
    if (kept) {
      res.statusCode = kept.status;
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.setHeader('age', String(Math.floor((Date.now() - kept.at) / 1000)));
      // A kept answer is never encoded (settings-answers.ts keeps identity answers only).
      endWhole(res, kept.body, { compressible: compression.filter(req, res) });
      return;
    }
    let body: Buffer | undefined;
    try {
      body = await bufferBody(req, limit);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        res.setHeader('Connection', 'close');
        // In the member's language (his locale cookie), never a byte count.
        sendJsonError(res, 413, 'payload_too_large', requestTooLargeMessage(apiLocale(req.get('cookie'))));
        return;
      }
      throw error;
    }

    const path = req.originalUrl;
    const aborter = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) aborter.abort(new Error('client went away'));
    };
    res.once('close', onClose);

    let upstream: IncomingMessage;
    try {
      const answer = await backend.send({
        method: req.method,
        path,
        headers: backendHeaders(req.headers, path, ctx),
        body,
        signal: aborter.signal,
      });
      upstream = answer.response;
      noteCall(res, { backend: nameOf(backend, req.method, path), attempts: answer.attempts });
    } catch (error) {
      if (aborter.signal.aborted) return;
      if (error instanceof BackendUnavailableError) {
        // One access line says it (logging.ts): a warn without a stack while the breaker is open, else the cause.
        const refused = error.cause instanceof BreakerOpenError;
        noteCall(res, {
          backend: nameOf(backend, req.method, path),
          attempts: error.attempts,
          failure: refused ? 'breaker_open' : 'unavailable',
          cause: error.cause,
        });
        sendJsonError(res, BACKEND_UNAVAILABLE.status, BACKEND_UNAVAILABLE.code, BACKEND_UNAVAILABLE.message);
        return;
      }
      throw error;
    }

    const secure = isHttps(req);
    const status = upstream.statusCode ?? 502;
    res.statusCode = status;
    if (upstream.statusMessage) res.statusMessage = upstream.statusMessage;
    const answer = answerHeaders(upstream.headers, session, { secure, host: req.hostname }, { method: req.method, path });
    const setsAuth = answer.setsAuth;
    for (const [name, value] of answer.headers) res.setHeader(name, value);

    const encoded = (upstream.headers['content-encoding'] ?? 'identity') !== 'identity';
    /** A body read whole goes out in one write, compressed here as the compression middleware would (whole-answer.ts). */
    const sendWhole = (payload: Buffer) => endWhole(res, payload, { compressible: !encoded && compression.filter(req, res) });
    // A login (the answer sets the login cookie and names the user): the locale cookie follows the account's saved
    // language, so every device shows the language the member chose from his next page on.
    if (setsAuth && status === 200 && !encoded) {
      let payload: Buffer;
      try {
        payload = await readBody(upstream, 1_048_576);
      } catch (error) {
        requestLog(req).warn({ path, err: error }, 'reading the login answer failed');
        res.destroy();
        return;
      }
      const language = accountLanguage(payload);
      if (language && language !== localeFromCookie(req.get('cookie'))) res.append('set-cookie', localeCookie(language, secure));
      sendWhole(payload);
      return;
    }
    if (status === 403 && !encoded) {
      const payload = await readBody(upstream, 1_048_576);
      const clearing = session.loggedOutCookie(
        { status, body: payload },
        { sentAuth: session.sentAuth(req.get('cookie')), authJustSet: setsAuth, secure },
      );
      if (clearing) {
        res.append('set-cookie', clearing);
        requestLog(req).debug('authentication required: clearing the auth cookie');
      }
      sendWhole(payload);
      return;
    }
    if (settingsKey !== null && settingsAnswers.keepable(upstream)) {
      let payload: Buffer;
      try {
        payload = await readBody(upstream, settingsAnswers.maxBodyBytes);
      } catch (error) {
        requestLog(req).warn({ path, err: error }, 'reading the settings answer failed');
        res.destroy();
        return;
      }
      const headers = answer.headers.filter(([name]) => !PER_ANSWER_HEADERS.has(name));
      settingsAnswers.keep(settingsKey, { status, headers, body: payload });
      sendWhole(payload);
      return;
    }
    // A small answer (most JSON: a sent message, a page of results) is read whole and written in one piece: the
    // stream machinery of a pipe costs more than the copy, and the head and the body leave in one write.
    const length = Number(upstream.headers['content-length']);
    if (length > 0 && length <= SMALL_ANSWER_BYTES && req.method !== 'HEAD' && status !== 204 && status !== 304) {
      let payload: Buffer;
      try {
        payload = await readBody(upstream, SMALL_ANSWER_BYTES);
      } catch (error) {
        requestLog(req).warn({ path, err: error }, 'streaming the backend answer was interrupted');
        res.destroy();
        return;
      }
      sendWhole(payload);
      return;
    }
    try {
      await pipeline(upstream, res);
    } catch (error) {
      requestLog(req).warn({ path, err: error }, 'streaming the backend answer was interrupted');
    }
  };
}

/** The saved language of the user a JSON answer names (`{"user":{"language":"nl"}}`), when it is one of ours. */
function accountLanguage(payload: Buffer): Locale | null {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { user?: { language?: unknown } };
    const language = body.user?.language;
    return typeof language === 'string' && isLocale(language) ? language : null;
  } catch {
    return null;
  }
}

/**
 * `/media/*` → backend, streamed by http-proxy-middleware over the same keep-alive agent; cache headers as the backend
 * says. The visitor's client-identity headers are dropped and the BFF's set instead (x-client-ip, a single-address
 * x-forwarded-for, x-client-country, x-backend-secret); x-forwarded-host/-proto are http-proxy's (`xfwd`). Cookies a
 * backend sets with a file follow the session policy like every other answer's; a file the backend refuses is a 404
 * (nobody learns it exists), never a "logged out" verdict, so a media answer clears nothing.
 */
export function mediaProxy(options: {
  backend: Backend;
  trustProxy: boolean;
  authCookieName: string;
  /** The identity bridge's headers for the media backend (a member's private chat photo while his session is on PHP). */
  identityHeaders?: (request: BackendRequest) => Promise<OutgoingHttpHeaders>;
}): RequestHandler {
  const { backend, trustProxy } = options;
  const session = sessionPolicy(options.authCookieName);
  // Determined before http-proxy runs: its `xfwd` appends the socket address to req.headers['x-forwarded-for'],
  // which would shift what `req.ip` reads under a hop-count TRUST_PROXY.
  const identities = new WeakMap<IncomingMessage, OutgoingHttpHeaders>();
  const retried = new WeakSet<IncomingMessage>();
  const proxy = createProxyMiddleware<Request, Response>({
    target: backend.url,
    changeOrigin: true,
    xfwd: true,
    agent: backend.agent,
    proxyTimeout: 30_000,
    pathFilter: (path: string, req: Request) => isMediaRequest(path, req),
    on: {
      proxyReq: (proxyReq, req) => {
        for (const name of [...CLIENT_IDENTITY_HEADERS, REQUEST_TYPE_HEADER, ...TRACE_CONTEXT_HEADERS]) proxyReq.removeHeader(name);
        const headers: OutgoingHttpHeaders = { ...identities.get(req), ...backend.secretHeaders(), 'x-request-id': requestIdOf(req) };
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) proxyReq.setHeader(name, value);
      },
      proxyRes: (proxyRes, req) => {
        // The one response policy of every backend answer (response-policy.ts): HSTS and hop-by-hop headers stay
        // behind, cookies follow the session policy.
        const answer = answerHeaders(proxyRes.headers, session, { secure: isHttps(req), host: req.hostname });
        proxyRes.headers = Object.fromEntries(answer.headers);
      },
      error: (error, req, res) => {
        // A keep-alive socket the backend closed just as it was reused: nothing reached the backend's handler and a
        // GET of a file is safe to repeat, so it is sent once more on a fresh socket before the visitor sees a 502.
        const request = req as Request;
        if ('setHeader' in res && !(res as ServerResponse).headersSent && isStaleSocket(error) && !retried.has(request)) {
          retried.add(request);
          requestLog(request).debug({ err: error }, 'media proxy: a reused connection was closed; trying once more');
          void proxy(request, res as unknown as Response, () => undefined);
          return;
        }
        requestLog(req as IncomingMessage).error({ err: error }, 'media proxy failed');
        if ('setHeader' in res) {
          const response = res as ServerResponse;
          if (!response.headersSent)
            sendJsonError(response, BACKEND_UNAVAILABLE.status, BACKEND_UNAVAILABLE.code, BACKEND_UNAVAILABLE.message);
          else response.destroy();
        } else {
          (res as Socket).destroy();
        }
      },
    },
  }) as unknown as RequestHandler;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMediaRequest(req.path, req)) return proxy(req, res, next);
    const identity = clientIdentityHeaders({ clientIp: clientIpOf(req), clientCountry: clientCountryOf(req, trustProxy) });
    if (!options.identityHeaders || req.get('cookie') === undefined) {
      identities.set(req, identity);
      return proxy(req, res, next);
    }
    const path = req.originalUrl;
    const headers: OutgoingHttpHeaders = { cookie: req.get('cookie'), 'x-request-id': requestIdOf(req) };
    options.identityHeaders({ method: req.method, path, headers }).then(
      (asserted) => {
        identities.set(req, { ...identity, ...asserted });
        void proxy(req, res, next);
      },
      (err: unknown) => {
        requestLog(req).warn({ err }, 'media: the session backend could not confirm the session');
        sendJsonError(res, BACKEND_UNAVAILABLE.status, BACKEND_UNAVAILABLE.code, BACKEND_UNAVAILABLE.message);
      },
    );
  };
}

/** The errors of a request written to a pooled socket the other side had closed (ECONNRESET, "socket hang up", EPIPE). */
function isStaleSocket(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

function isMediaRequest(path: string, req: Request): boolean {
  return path.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD');
}
