import type { ServerResponse } from 'node:http';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router';
import type { ApiClient, Settings, User } from '../shared/api/client';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';
import { Root } from '../client/app/root';
import type { PrefetchResult, RouteHandle } from '../client/app/route-handle';
import { preloadRoutes } from '../client/app/lazy-route';
import { MEMBER_PARTS_MODULE, preloadMemberParts } from '../client/app/layouts/member-shell';
import { API_CLIENT_MODULE } from '../client/lib/browser-api-client';
import { AppRoutes, routes } from '../client/app/routes';
import type { StreamedPageData } from '../client/app/streamed';
import { getSession, type NavCounts } from '../client/features/session/api/get-user';

type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>;
import { serializeAppState, type AppState } from '../client/lib/app-state';
import { parseDismissals } from '../client/lib/dismissals';
import type { Messages } from '../client/lib/i18n';
import type { PageError } from '../client/lib/store/site-slice';
import { localizeSettings } from '../client/lib/site-text';
import { createAppStore } from '../client/lib/store/store';
import { bootScript } from './boot-script';
import { pageMessages, type CatalogueFile } from './messages';

export interface RenderRequest {
  url: string; // original path + query
  locale: Locale; // negotiated by the BFF (cookie → domain_language → 'en')
  settings: Settings; // loaded once per request by the BFF
  api: ApiClient; // per-request typed client reaching the backend with this visitor's cookies
  isBot: boolean; // stream at onAllReady instead of onShellReady
  // URLs from the Vite manifest; compiled catalogues per locale; the scripts of each lazy page beyond the entry
  assets: { scripts: string[]; styles: string[]; messages?: Partial<Record<string, CatalogueFile>>; lazyChunks?: Record<string, string[]> };
  browserLanguage: string | null; // first tag of Accept-Language
  deadlineMs?: number; // abort rendering after this (default 10000)
  streamAfterMs?: number; // a streamable page whose data comes within this (after the user) is rendered whole (default 150)
  log: RenderLogger; // the request's pino logger (carries the request id)
  cookieHeader?: string | undefined; // raw Cookie header: dismissal markers render banners closed (no flash)
  hasSession?: boolean; // false: the request carries no login cookie, so the visitor is logged out without asking user.php
  nonce?: string; // the response's CSP nonce: React's inline streaming scripts carry it
  publicUrl?: string; // the site's public origin (PUBLIC_URL): absolute URLs in the head (og:image)
}

/** The slice of a pino logger the renderer uses. */
export interface RenderLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const DEFAULT_DEADLINE_MS = 10_000;
/**
 * How long a streamable page waits for its data before it sends the skeleton: React reveals streamed content no sooner
 * than 300 ms after the first paint (its reveal throttle), so data that is quick anyway is rendered with the page.
 */
const DEFAULT_STREAM_AFTER_MS = 150;

class DeadlineError extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineError('deadline')), Math.max(0, ms));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface LoadedPage {
  /** Scripts of the matched lazy routes (and a member's parts), fetched with the entry by the page's bootstrap. */
  preloads: string[];
  status: number;
  user: User | null;
  counts: NavCounts | null;
  fallback: Record<string, unknown>;
  prefetchErrors: AppState['prefetchErrors'];
  pageError: PageError | null;
  /** A streamed page's data, still loading while the shell goes out (app/streamed.tsx); null: all data is above. */
  streamed: Promise<StreamedPageData> | null;
}

/**
 * The route table's matches for a path, remembered for the most recent paths: matchRoutes flattens and ranks the whole
 * table on every call (~0.4 ms of every page on the server). Bounded, so strangers' made-up paths cannot grow it.
 */
const recentMatches = new Map<string, ReturnType<typeof matchRoutes>>();
const RECENT_MATCHES_MAX = 500;
function matchedRoutes(pathname: string): NonNullable<ReturnType<typeof matchRoutes>> {
  let matches = recentMatches.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (recentMatches.size >= RECENT_MATCHES_MAX) recentMatches.delete(recentMatches.keys().next().value as string);
    recentMatches.set(pathname, matches);
  }
  return matches ?? [];
}

/** Whether `promise` settles (either way) within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settled = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settled, settled);
  });
}

/** The user and the matched routes' prefetch, before anything is rendered (so SSR == first client render). */
async function loadPage(req: RenderRequest, deadline: number): Promise<LoadedPage> {
  const url = new URL(req.url, 'http://localhost');
  const path = `${url.pathname}${url.search}`;
  const matches = matchedRoutes(url.pathname);
  const routePreloads = matches.flatMap((m) => {
    const module = (m.route.handle as RouteHandle | undefined)?.module;
    return module ? (req.assets.lazyChunks?.[module] ?? []) : [];
  });
  // The matched routes' lazy chunks and the members' chunk (layouts/member-shell.tsx) load while the user does, so
  // the first render is the whole page.
  const chunks = Promise.all([preloadRoutes(matches), preloadMemberParts()]);
  // Without a login cookie user.php can only answer "logged out": one backend call fewer on every visitor's page.
  // With one, the user (and the navigation counts it carries) and the page's own calls go out together:
  // the backend reads the session cookie itself, so the page data need not wait for the user.
  const hasSession = req.hasSession !== false;
  const session: Promise<Session | null> = hasSession
    ? withDeadline(getSession(req.api), deadline - Date.now()).catch((error: unknown) => {
        req.log.warn({ err: error }, 'SSR: loading the user failed; rendering as a visitor');
        return null;
      })
    : Promise.resolve(null);
  const userPromise = session.then((s) => s?.user ?? null);

  let status = 200;
  let fromRoute = false;
  const fallback: Record<string, unknown> = {};
  const prefetchErrors: AppState['prefetchErrors'] = {};
  const ctx = { api: req.api, query: url.searchParams, settings: req.settings, user: userPromise, hasSession, locale: req.locale };
  const jobs: Array<Promise<PrefetchResult>> = [];
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.status) {
      status = handle.status;
      fromRoute = true;
    }
    if (handle?.prefetch) jobs.push(handle.prefetch({ ...ctx, params: match.params }));
  }
  // Handled below; marked now so a failing job does not count as unhandled while the user is awaited. `failedEarly`:
  // the page's own calls already failed (a call answered with an error, or the prefetch threw) while the user loads.
  const allJobs = Promise.all(jobs);
  let failedEarly = false;
  allJobs.then(
    (results) => {
      failedEarly = results.some((r) => (r.status ?? 0) >= 400 || Object.keys(r.errors ?? {}).length > 0);
    },
    () => {
      failedEarly = true;
    },
  );
  const [loaded] = await Promise.all([session, chunks]);
  const user = loaded?.user ?? null;
  const counts = loaded?.counts ?? null;
  // A member's page hydrates with the members' chunk and the API client's: they download with the entry, not after it.
  const memberPreloads = user ? [MEMBER_PARTS_MODULE, API_CLIENT_MODULE].flatMap((m) => req.assets.lazyChunks?.[m] ?? []) : [];
  const preloads = [...new Set([...routePreloads, ...memberPreloads])];

  // A page that can show a skeleton streams when its data is slow: the shell goes out once the user is known
  // and the data has not come within streamAfterMs; the data follows in the same response. Quick data is rendered with
  // the page, like bots get it; so are pages whose status depends on data, and a page whose data failed before the first
  // byte (a fast 403/404/5xx of its call, a prefetch that threw): nothing is sent yet, so it is answered like a page
  // rendered whole (its status, the error page, a cleared login cookie).
  const streamable =
    !req.isBot && status < 400 && matches.some((m) => (m.route.handle as RouteHandle | undefined)?.stream?.(m.params) === true);
  const streamAfter = Math.min(req.streamAfterMs ?? DEFAULT_STREAM_AFTER_MS, deadline - Date.now());
  if (streamable && !failedEarly && !(await settlesWithin(allJobs, streamAfter))) {
    const streamed = withDeadline(allJobs, deadline - Date.now()).then(
      (results) => {
        const data: StreamedPageData = { fallback: {}, errors: {} };
        for (const result of results) {
          Object.assign(data.fallback, result.fallback);
          Object.assign(data.errors, result.errors);
        }
        for (const [key, failure] of Object.entries(data.errors)) {
          req.log.warn({ key, status: failure.status, path }, 'SSR: a prefetch call failed; the page shows its error state');
        }
        return data;
      },
      (error: unknown): StreamedPageData => {
        // The shell and its 200 are out. Past the deadline the content renders without the data and the browser loads
        // it; a prefetch that threw shows the site's error state in the page's language (app/streamed.tsx).
        if (error instanceof DeadlineError) {
          req.log.warn({ path }, 'SSR: prefetch passed the deadline; the browser loads the data');
          return { fallback: {}, errors: {} };
        }
        req.log.error({ err: error, path }, 'SSR: prefetch failed after the page was sent; it shows the error state');
        return { fallback: {}, errors: {}, failed: true };
      },
    );
    return { preloads, status, user, counts, fallback: {}, prefetchErrors: {}, pageError: null, streamed };
  }

  try {
    const results = await withDeadline(allJobs, deadline - Date.now());
    for (const result of results) {
      Object.assign(fallback, result.fallback);
      Object.assign(prefetchErrors, result.errors);
      if (result.status) status = result.status;
    }
    for (const [key, failure] of Object.entries(prefetchErrors)) {
      req.log.warn({ key, status: failure.status, path }, 'SSR: a prefetch call failed; the page shows its error state');
    }
  } catch (error) {
    if (error instanceof DeadlineError) {
      // Render without the data: the browser loads it, exactly as the server's first render shows.
      req.log.warn({ path }, 'SSR: prefetch passed the deadline; the browser loads the data');
    } else {
      req.log.error({ err: error, path }, 'SSR: prefetch failed');
      return {
        preloads,
        status: 500,
        user,
        counts,
        fallback: {},
        prefetchErrors: {},
        pageError: { url: path, status: 500 },
        streamed: null,
      };
    }
  }
  const pageError = status >= 400 && !fromRoute ? { url: path, status } : null;
  return { preloads, status, user, counts, fallback, prefetchErrors, pageError, streamed: null };
}

function buildState(
  req: RenderRequest,
  page: LoadedPage,
): { state: AppState; store: ReturnType<typeof createAppStore>; messages: Messages } {
  const store = createAppStore({
    session: { user: page.user, counts: page.counts },
    site: {
      settings: req.settings,
      locale: req.locale,
      browserLanguage: req.browserLanguage,
      pageError: page.pageError,
      dismissals: parseDismissals(req.cookieHeader),
      renderedAt: Date.now(),
      ...(req.publicUrl ? { publicUrl: req.publicUrl } : {}),
    },
  });
  // The catalogue is a cacheable file of the build (preloaded in <head>), not part of every page's state.
  const { messages, url } = pageMessages(req.locale, req.assets.messages);
  const state: AppState = {
    store: store.getState(),
    ...(url ? { messagesUrl: url } : { messages }),
    fallback: page.fallback,
    prefetchErrors: page.prefetchErrors,
    styles: req.assets.styles,
    ...(page.streamed ? { streamed: true } : {}),
  };
  return { state, store, messages };
}

function setHtmlHeaders(res: ServerResponse, status: number): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
}

/** Streams one page; resolves when the response is finished (or the client went away). */
function stream(
  req: RenderRequest,
  page: LoadedPage,
  deadline: number,
  res: ServerResponse,
  onShellFailed: (error: unknown) => void,
): Promise<void> {
  const { state, store, messages } = buildState(req, page);
  const stateJson = serializeAppState(state);
  return new Promise<void>((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve();
    };
    const start = () => {
      setHtmlHeaders(res, page.status);
      pipeable.pipe(res);
    };
    const pipeable = renderToPipeableStream(
      <Root state={state} stateJson={stateJson} store={store} api={req.api} messages={messages} streamed={page.streamed}>
        <StaticRouter location={req.url}>
          <AppRoutes />
        </StaticRouter>
      </Root>,
      {
        // The scripts load once the first screen is painted (boot-script.ts), not from <head>.
        bootstrapScriptContent: bootScript({ entry: req.assets.scripts, modules: page.preloads, catalogue: state.messagesUrl }),
        ...(req.nonce ? { nonce: req.nonce } : {}),
        onShellReady() {
          if (!req.isBot) start();
        },
        onAllReady() {
          if (req.isBot) start();
        },
        onShellError(error) {
          done();
          onShellFailed(error);
        },
        onError(error) {
          req.log.error({ err: error, url: req.url }, 'SSR: render error');
        },
      },
    );
    const timer = setTimeout(() => pipeable.abort(new Error('SSR deadline passed')), Math.max(0, deadline - Date.now()));
    res.once('finish', done);
    res.once('close', () => {
      if (!res.writableFinished) pipeable.abort(new Error('client went away'));
      done();
    });
  });
}

/**
 * Renders the page for `req.url` into `res`: status (200/404/500) and headers before the first byte,
 * streaming at onShellReady (browsers) or onAllReady (bots), aborted after `deadlineMs`.
 */
export async function renderPage(request: RenderRequest, res: ServerResponse): Promise<void> {
  // The site's own texts in the page's language, for every component and the page state alike.
  const req: RenderRequest = { ...request, settings: localizeSettings(request.settings, request.locale) };
  const deadline = Date.now() + (req.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const page = await loadPage(req, deadline);
  const url = new URL(req.url, 'http://localhost');
  let failure: unknown = null;
  await stream(req, page, deadline, res, (error) => {
    failure = error;
  });
  if (failure === null) return;
  req.log.error({ err: failure, url: req.url }, 'SSR: shell failed, rendering the error page');
  const errorPage: LoadedPage = {
    ...page,
    status: 500,
    fallback: {},
    prefetchErrors: {},
    pageError: { url: `${url.pathname}${url.search}`, status: 500 },
    streamed: null,
  };
  let failedAgain = false;
  await stream(req, errorPage, Math.max(deadline, Date.now() + 2_000), res, () => {
    failedAgain = true;
  });
  if (failedAgain && !res.headersSent) renderErrorPage(res, { status: 500, locale: req.locale });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Minimal static error document (no React, no data), for the BFF when renderPage cannot run at all. */
export function errorPageHtml(options: { status?: number; message?: string; locale?: Locale } = {}): string {
  const status = options.status ?? 500;
  const message = escapeHtml(options.message ?? 'Error');
  const lang = options.locale ?? DEFAULT_LOCALE;
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${message}</title><style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#faf7fc;color:#2a2233;text-align:center}a{color:#cc4b0c;font-weight:600}p.code{font-size:4rem;font-weight:800;color:#cc4b0c;margin:0}</style></head><body><main><p class="code">${status}</p><h1>${message}</h1><p><a href="/">Back to the home page</a></p></main></body></html>`;
}

export function renderErrorPage(res: ServerResponse, options: { status?: number; message?: string; locale?: Locale } = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  setHtmlHeaders(res, options.status ?? 500);
  res.end(errorPageHtml(options));
}
