import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadAssets, staticAssets } from './assets';
import type { BreakerOptions } from './breaker';
import type { RetryOptions } from './retry-policy';
import { EVENT_STREAM_PATH, eventStreamProxy } from './event-stream';
import type { Config } from './config';
import { sendErrorPage } from '../server/error-page';
import { sendJsonError } from './errors';
import { apiLocale } from './locale';
import type { IdempotentOperations } from './idempotent-operations';
import { createLogger, httpLogger, markErrorLogged, redactingLogger } from './logging';
import { manifestHandler } from './manifest';
import { createMetrics, type BffMetrics } from './metrics';
import { OFFLINE_PATH, offlinePageHandler, SHELL_LIST_PATH, shellListHandler } from './offline';
import { OPERATOR_PREFIX, operatorRoutes } from './operator';
import type { RetryBudgetOptions } from './retry-budget';
import { createRoutedBackends, type RoutedBackends } from './router';
import type { AssertionSigner } from '../shared/member-assertion';
import { NO_ERROR_REPORTS, type ErrorReports } from '../shared/error-reports';
import { needsEmbedded, singleBackendPlan, type RoutingPlan } from './routing';
import { countrySwitchHandler, localeSwitchHandler, pageHandler } from './page';
import { createProbes, routeClass } from './probes';
import { apiProxy, mediaProxy } from './proxy';
import { cspNonceOf, openRequestContext, requestIdOf, requestLog } from './request-context';
import { traceRequests } from '../shared/trace-hooks';
import type { Assets, RenderFn } from './types';

export interface CreateAppOptions {
  config: Config;
  /** Base URL of the one backend (no trailing slash), e.g. `http://127.0.0.1:3001`; or give `routing`. */
  backendUrl?: string;
  /** The routing table with every `embedded` resolved to a URL (routing.ts); default: `backendUrl` alone. */
  routing?: RoutingPlan;
  logger?: Logger;
  /** The SSR renderer (`renderPage` of src/server/render.tsx); default: imported lazily on the first page. */
  render?: RenderFn;
  /** Retry tuning (tests use tiny delays); default 5 retries, 100 ms base, 2 s cap, full jitter. */
  retry?: Partial<RetryOptions>;
  /** Override the assets read from the Vite manifest. */
  assets?: Assets;
  /**
   * The secret shared with the backend, sent as `x-backend-secret` on every backend call; default
   * `config.BACKEND_SECRET` (main.ts passes the one it generated for the embedded backend). Never logged.
   */
  backendSecret?: string;
  /** Signs the identity bridge's assertions (main.ts makes it; needed when the routing plan has a session bridge). */
  identitySigner?: AssertionSigner | undefined;
  /** Operations that honour `Idempotency-Key` (`"POST /api/complaints.php"`); default: read from openapi.yaml. */
  idempotentOperations?: IdempotentOperations;
  /** Retry budget tuning per backend (default ~10 % of requests plus 1 retry/s). */
  budget?: Partial<RetryBudgetOptions>;
  /** Circuit breaker tuning per backend, or false for none. */
  breaker?: Partial<BreakerOptions> | false;
  /** The metrics registry (default: a new one for this app). */
  metrics?: BffMetrics;
  /** How long `GET /api/settings.php` answers are reused (settings-answers.ts; default 30 s, 0: never). */
  settingsAnswers?: { freshMs?: number };
  /** Where unexpected errors (500 answers, failed renders) are reported (SENTRY_DSN, src/shared/error-reports.ts); default: nowhere. */
  errorReports?: ErrorReports;
}

export type BffApp = Express & {
  /** Closes the keep-alive sockets to the backends. */
  dispose(): void;
  /** The routed backends (tests and the operator's tools look at their breakers and shadow reads). */
  backends: RoutedBackends;
  metrics: BffMetrics;
  /** Ends the open event streams (shutdown); browsers reconnect and resume. */
  closeStreams(): void;
  /** Shutting down: /readyz answers 503 draining from now on (main.ts calls it first on SIGTERM). */
  drain(): void;
};

const lazyRenderer: RenderFn = async (request, res) => {
  const { renderPage } = await import('../server/render');
  await renderPage(request, res);
};

/** The Content-Security-Policy of every `/api` answer: nothing may load or frame it. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Root files the browser must ask for again every time: the service worker and the offline page's script. */
const NOT_CACHED_FILES = new Set(['push-sw.js', 'offline.js']);
/** A path whose last segment has an extension (`/icons/icon-192.png`): the root files are all named so, pages never. */
const FILE_NAME = /\.[^/]+$/;

/** `/favicon.ico`, `/push-sw.js?v=…`: a file of the build's root (never an `/api/…php` call). */
function isRootFile(url: string): boolean {
  const path = url.replace(/[?#].*$/s, '');
  return FILE_NAME.test(path) && !path.startsWith('/api/');
}

function contentSecurityPolicy() {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline scripts but React's own streaming ones, which carry this response's nonce (a streamed page's late
      // content is revealed by a small inline script; blocked, the browser fell back to rendering it itself). SSR
      // state travels as <script type="application/json">, which is data, not script.
      scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as unknown as Response)}'`],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      // The site's CDN (an absolute cdn_prefix) is added per page by allowCdnInCsp.
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
}

/**
 * The BFF as an Express 5 app (used by main.ts and by supertest). Order: request id + log → security headers →
 * health → event stream → compression → static → /media → /api (CSRF, proxy) → /locale switch → SSR pages → 404 → error handler.
 */
export function createApp(options: CreateAppOptions): BffApp {
  const { config } = options;
  const errorReports = options.errorReports ?? NO_ERROR_REPORTS;
  // Every part logs through this child: secret query values (tokens, passwords, e-mail addresses…) in any url, path,
  // Location or Referer field are redacted, whoever logs them (the access log, the proxy, the renderer).
  const logger = redactingLogger(options.logger ?? createLogger(config.LOG_LEVEL));
  const trustProxy = config.TRUST_PROXY !== false;
  if (!options.routing && !options.backendUrl) throw new Error('createApp needs a backendUrl or a routing plan');
  const plan = options.routing ?? singleBackendPlan(options.backendUrl);
  if (needsEmbedded(plan)) throw new Error('createApp needs the routing plan with the embedded backend resolved to its URL');
  const metrics = options.metrics ?? createMetrics();
  const backend = createRoutedBackends({
    plan,
    logger,
    metrics,
    retry: options.retry,
    secret: options.backendSecret ?? config.BACKEND_SECRET,
    signer: options.identitySigner,
    idempotentOperations: options.idempotentOperations,
    attemptTimeoutMs: config.BACKEND_ATTEMPT_TIMEOUT_MS,
    deadlineMs: config.BACKEND_DEADLINE_MS,
    budget: options.budget,
    breaker: options.breaker,
  });
  const assets = options.assets ?? loadAssets(config.DIST_DIR, logger);
  const distDir = path.resolve(config.DIST_DIR);
  const authCookieName = config.AUTH_COOKIE_NAME;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  const probes = createProbes({ backends: backend, metrics });
  app.use(probes.measure);
  // Every part finds the request's logger (and through it the request id) in the request's context.
  app.use(openRequestContext(logger));
  // Probes before the access log: a load balancer asking every second would fill it.
  app.use(probes.routes);
  // Each request's span (when tracing is on: trace-hooks.ts) around all that follows, the access line included; none
  // for build assets, root files (favicon, service worker…) and photos, which a page brings by the dozen.
  app.use(traceRequests('bff', (url) => url.startsWith('/assets/') || url.startsWith('/media/') || isRootFile(url)));
  app.use(httpLogger(logger, routeClass));
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.PUBLIC_URL.startsWith('https:') ? undefined : false,
    }),
  );
  // Pages get the site's policy with a fresh script nonce. API answers are JSON (or an event stream), never a
  // document: they get the strictest policy, the same text every time, with no nonce to make per call.
  const pagePolicy = contentSecurityPolicy();
  app.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) return pagePolicy(req, res, next);
    res.setHeader('Content-Security-Policy', API_POLICY);
    next();
  });
  // The event stream before compression: it is never compressed, and its many small writes go straight to the socket.
  const eventStream = eventStreamProxy({ backend, authCookieName, trustProxy });
  metrics.countStreams(() => eventStream.size());
  app.get(EVENT_STREAM_PATH, eventStream);
  // Compression for pages (React flushes through res.flush) and JSON API answers. Never for event streams
  // (buffering would break them) nor already-encoded answers (compression skips those by itself).
  app.use(
    compression({
      filter: (req, res) => {
        const type = String(res.getHeader('content-type') ?? '');
        if (type.startsWith('text/event-stream') || req.url?.startsWith('/media/') || req.url?.startsWith('/assets/')) return false;
        return compression.filter(req, res);
      },
    }),
  );

  // Hashed build output, precompressed at build: cache forever. A missing asset is a 404, never an SSR page.
  app.use('/assets', ...staticAssets(path.join(distDir, 'assets')));
  // favicon, manifest, robots…: short cache. Dotfiles (.vite/manifest.json) and HTML are never served here.
  // The service worker is never cached: its URL carries the build id, and a stale worker would linger; nor is the
  // offline page's script, which the worker keeps per build itself.
  const rootStatic = express.static(distDir, {
    index: false,
    dotfiles: 'ignore',
    maxAge: '1h',
    setHeaders: (res, file) => {
      if (NOT_CACHED_FILES.has(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  // Only a path whose last part names a file (every file here has an extension) looks for one: `/api` calls and pages
  // (`/members`, `/chats/12`) go on without a file-system lookup, which costs a page or a proxied call more than
  // the rest of this middleware.
  app.use((req, res, next) =>
    !FILE_NAME.test(req.path) || req.path.endsWith('.html') || req.path.startsWith('/api/') ? next() : rootStatic(req, res, next),
  );

  app.use(OPERATOR_PREFIX, operatorRoutes({ token: config.OPERATOR_TOKEN, metrics, shadow: backend.shadow }));
  app.use(
    mediaProxy({
      backend: backend.media,
      trustProxy,
      authCookieName,
      identityHeaders: (request) => backend.identityHeaders(backend.media.name, request),
    }),
  );
  app.use(
    '/api',
    apiProxy({
      backend,
      authCookieName,
      trustProxy,
      ...(options.settingsAnswers ? { settingsAnswers: options.settingsAnswers } : {}),
    }),
  );
  app.get('/locale/:code', localeSwitchHandler({ backend, authCookieName, trustProxy }));
  app.get('/country/:code', countrySwitchHandler());
  app.get('/manifest.webmanifest', manifestHandler({ backend, trustProxy }));
  // The service worker's shell (public/push-sw.js): its file list and the offline page it shows without a network.
  app.get(SHELL_LIST_PATH, shellListHandler(assets));
  app.get(OFFLINE_PATH, offlinePageHandler({ backend, trustProxy, assets }));
  app.use(
    pageHandler({
      backend,
      logger,
      authCookieName,
      trustProxy,
      assets,
      render: options.render ?? lazyRenderer,
      metrics,
      deadlineMs: config.RENDER_DEADLINE_MS,
      streamAfterMs: config.RENDER_STREAM_AFTER_MS,
      publicUrl: config.PUBLIC_URL,
      errorReports,
    }),
  );

  app.use((req: Request, res: Response) => {
    if (req.accepts('html') && !req.path.startsWith('/api/')) sendErrorPage(res, { status: 404, locale: apiLocale(req.get('cookie')) });
    else sendJsonError(res, 404, 'not_found', 'Not found.');
  });

  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
    const safeStatus = status >= 400 && status < 500 ? status : 500;
    requestLog(req).error({ err: error, url: req.originalUrl }, 'unhandled error');
    if (safeStatus === 500) errorReports.capture(error, { reqId: requestIdOf(req), method: req.method, path: req.path });
    markErrorLogged(res);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const locale = apiLocale(req.get('cookie'));
    if (req.originalUrl.startsWith('/api/') || !req.accepts('html')) {
      const message = safeStatus === 500 ? 'An error occurred, please try again later.' : 'The request could not be handled.';
      sendJsonError(res, safeStatus, safeStatus === 500 ? 'internal_error' : 'bad_request', message);
    } else sendErrorPage(res, { status: safeStatus, locale });
  };
  app.use(errorHandler);

  return Object.assign(app, {
    backends: backend,
    metrics,
    closeStreams: () => eventStream.close(),
    drain: () => probes.drain(),
    dispose: () => {
      eventStream.close();
      backend.destroy();
    },
  });
}
