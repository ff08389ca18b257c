import type { ServerResponse } from 'node:http';
import { renderToPipeableStream } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { SWRConfig } from 'swr';
import type { ApiClient, Settings } from '../shared/api/client';
import { DeadlineError } from '../shared/deadline';
import type { Locale } from '../shared/locales';
import { Root } from '../client/app/root';
import type { PageContext, PrefetchResult, RouteData, RouteHandle, StreamedPageData } from '../client/app/route-handle';
import { LANGUAGE_OFFER_MODULE, LanguageOffer } from '../client/app/layouts/language-offer-slot';
import { MEMBER_PARTS_MODULE, preloadMemberParts } from '../client/app/layouts/member-shell';
import { preloadSheetForm } from '../client/features/members/components/sheet-form';
import { createRenderCache } from '../client/lib/api-swr';
import { API_CLIENT_MODULE } from '../client/lib/browser-api-client';
import { routes } from '../client/app/routes';
import { getSession, type NavCounts } from '../client/features/session/api/get-user';

type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>;
import { serializeAppState, type AppState } from '../client/lib/app-state';
import { parseDismissals } from '../client/lib/dismissals';
import type { Messages } from '../client/lib/i18n';
import type { OfferedLanguage, PageError } from '../client/lib/store/site-slice';
import { localizeSettings } from '../client/lib/site-text';
import { createAppStore } from '../client/lib/store/store';
import { bootScript } from './boot-script';
import { sendErrorPage } from './error-page';
import { flushBatches } from './flush-batches';
import { languageOfferFor } from './language-offer';
import { sharedIntl } from './intl';
import { pageMessages, type CatalogueFile } from './messages';

export interface RenderRequest {
  url: string; // original path + query
  locale: Locale; // negotiated by the BFF (cookie → domain_language → 'en')
  settings: Settings; // loaded once per request by the BFF
  api: ApiClient; // per-request typed client reaching the backend with this visitor's cookies
  isBot: boolean; // stream at onAllReady instead of onShellReady
  // URLs from the Vite manifest; compiled catalogues per locale; the scripts and the stylesheets of each lazy page
  // beyond the entry's
  assets: {
    scripts: string[];
    styles: string[];
    messages?: Partial<Record<string, CatalogueFile>>;
    lazyChunks?: Record<string, string[]>;
    lazyStyles?: Record<string, string[]>;
  };
  browserLanguage: string | null; // the most preferred tag of Accept-Language
  // The browser's languages in its order of preference while no language is chosen (no locale cookie, no bot), from
  // which the page may offer one (src/bff/locale.ts); else empty
  offerLanguages?: readonly string[];
  deadlineMs?: number; // abort rendering after this (default 10000)
  streamAfterMs?: number; // a streamable page whose data comes within this (after the user) is rendered whole (default 150)
  log: RenderLogger; // the request's pino logger (carries the request id)
  reportError?: (error: unknown) => void; // reports an unexpected failure (the error page instead of the page)
  cookieHeader?: string | undefined; // raw Cookie header: dismissal markers render banners closed (no flash)
  hasSession?: boolean; // false: the request carries no login cookie, so the visitor is logged out without asking user.php
  nonce?: string; // the response's CSP nonce: React's inline streaming scripts carry it
  publicUrl?: string; // the site's public origin (PUBLIC_URL): absolute URLs in the head (og:image)
  form?: URLSearchParams | FormData; // a plain HTML form posted to the page (the BFF's page POSTs): the route's action runs first
}

/** The slice of a pino logger the renderer uses. */
interface RenderLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const DEFAULT_DEADLINE_MS = 10_000;
/**
 * How long a streamable page waits for its data before it sends the skeleton: React reveals streamed content no sooner
 * than 300 ms after the first paint (its reveal throttle), so data that is quick anyway is rendered with the page.
 */
const DEFAULT_STREAM_AFTER_MS = 150;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineError("the page's data did not come within the render deadline")), Math.max(0, ms));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // A redirect a loader throws (a Response) stays one: the router's handler answers it.
        reject(error instanceof Error || error instanceof Response ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The route table as the router's static handler serves it, made once: the matched routes' `lazy` (page chunk and
 * loader) resolves on their first request and stays resolved.
 */
const handler = createStaticHandler(routes);

interface LoadedPage {
  /** Scripts of the matched lazy routes (and a member's parts), fetched with the entry by the page's bootstrap. */
  preloads: string[];
  /**
   * The page's stylesheets, linked in its <head>: the entry's, a member's parts' and the matched lazy routes' own
   * sheets (src/client/styles/sheets.ts), so the page is styled on its first paint, with or without JavaScript.
   */
  styles: string[];
  status: number;
  user: Session['user'] | null;
  counts: NavCounts | null;
  /** The router's state after the loaders: what <StaticRouterProvider> renders. */
  router: StaticHandlerContext;
  /** The loaders' data for the browser's hydration (without the promises of a streamed page). */
  loaderData: Record<string, unknown>;
  pageError: PageError | null;
  /** A streamed page: its data is still loading while the shell goes out (app/streamed.tsx). */
  streamed: boolean;
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

const failed = (result: PrefetchResult) => (result.status ?? 0) >= 400 || Object.keys(result.errors ?? {}).length > 0;

/**
 * The user and the matched routes' loaders (the router's static handler), before anything is rendered (so SSR == first
 * client render), in one wave of backend calls.
 */
async function loadPage(req: RenderRequest, deadline: number): Promise<LoadedPage | Response> {
  const url = new URL(req.url, 'http://localhost');
  const path = `${url.pathname}${url.search}`;
  // The members' chunk (layouts/member-shell.tsx) loads while the user does; the route's own chunk comes with its
  // `lazy`, which the handler resolves before its loader runs.
  // The language offer's chunk too: a page that offers a language renders it with the page. And the members page's
  // filter sheet form, which a page asked with the sheet open renders in its place (features/members/components/sheet-form.tsx).
  const chunks = Promise.all([preloadMemberParts(), LanguageOffer.preload(), preloadSheetForm()]);
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
  const userReady = Promise.all([session, chunks]);

  const logFailures = (errors: PrefetchResult['errors']) => {
    for (const [key, failure] of Object.entries(errors ?? {})) {
      req.log.warn({ key, status: failure.status, path }, 'SSR: a prefetch call failed; the page shows its error state');
    }
  };

  // A page that can show a skeleton streams when its data is slow: the shell goes out once the user is known
  // and the data has not come within streamAfterMs; the data follows in the same response (a promise in the loader
  // data, awaited by the page's <StreamedContent>). Quick data is rendered with the page, like bots get it; so are
  // pages whose status depends on data, and a page whose data failed before the first byte (a fast 403/404/5xx of its
  // call, a loader that threw): nothing is sent yet, so it is answered like a page rendered whole (its status, the
  // error page, a cleared login cookie).
  const settle = async (job: Promise<PrefetchResult>, streamable: boolean): Promise<RouteData> => {
    let failedEarly = false;
    job.then(
      (result) => {
        failedEarly = failed(result);
      },
      () => {
        failedEarly = true;
      },
    );
    if (streamable && !req.isBot) {
      await userReady;
      const streamAfter = Math.min(req.streamAfterMs ?? DEFAULT_STREAM_AFTER_MS, deadline - Date.now());
      if (!failedEarly && !(await settlesWithin(job, streamAfter))) {
        const streamed = withDeadline(job, deadline - Date.now()).then(
          (result): StreamedPageData => {
            logFailures(result.errors);
            return { fallback: result.fallback ?? {}, errors: result.errors ?? {} };
          },
          (error: unknown): StreamedPageData => {
            // The shell and its 200 are out. Past the deadline the content renders without the data and the browser
            // loads it; a loader that threw shows the site's error state in the page's language (app/streamed.tsx).
            if (error instanceof DeadlineError) {
              req.log.warn({ path }, 'SSR: prefetch passed the deadline; the browser loads the data');
              return { fallback: {}, errors: {} };
            }
            req.log.error({ err: error, path }, 'SSR: prefetch failed after the page was sent; it shows the error state');
            return { fallback: {}, errors: {}, failed: true };
          },
        );
        return { streamed };
      }
    }
    try {
      const result = await withDeadline(job, deadline - Date.now());
      logFailures(result.errors);
      return result;
    } catch (error) {
      if (!(error instanceof DeadlineError)) throw error;
      // Render without the data: the browser loads it, exactly as the server's first render shows.
      req.log.warn({ path }, 'SSR: prefetch passed the deadline; the browser loads the data');
      return {};
    }
  };

  // Lazy parts of its own the page renders at once (PageContext.rendersPart): their chunks go with the page's scripts.
  const parts = new Set<string>();
  const context: PageContext = {
    api: req.api,
    settings: req.settings,
    user: session.then((s) => s?.user ?? null),
    hasSession,
    locale: req.locale,
    settle,
    rendersPart: (module) => parts.add(module),
  };
  // A posted form runs the route's action (e.g. the login without JavaScript), then the loaders as for a GET.
  // The body's own type goes with it (urlencoded, or multipart with its boundary when it carries a photo).
  const request = req.form ? new Request(url, { method: 'POST', body: req.form }) : new Request(url);
  const router = await handler.query(request, { requestContext: context as never });
  if (router instanceof Response) return router;
  const [loaded] = await userReady;
  const user = loaded?.user ?? null;
  const counts = loaded?.counts ?? null;

  let status = 200;
  let fromRoute = false;
  const loaderData: Record<string, unknown> = {};
  let streamed = false;
  for (const match of router.matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.status) {
      status = handle.status;
      fromRoute = true;
    }
    const data = router.loaderData[match.route.id] as RouteData | undefined;
    if (data === undefined) continue;
    if (data.streamed) streamed = true;
    const { streamed: _promise, ...rest } = data;
    loaderData[match.route.id] = rest;
    if (rest.status) status = rest.status;
  }
  let pageError: PageError | null = null;
  if (router.errors) {
    // A loader threw (a bug): the page is a 500 with the error page in its layout, as the browser renders it too.
    for (const [id, error] of Object.entries(router.errors)) {
      req.log.error({ err: error, path }, 'SSR: prefetch failed');
      loaderData[id] = {};
      router.loaderData[id] = {};
    }
    router.errors = null;
    router.statusCode = 500;
    status = 500;
    pageError = { url: path, status: 500 };
    streamed = false;
  } else if (status >= 400 && !fromRoute) pageError = { url: path, status };

  // The matched routes' chunks and, for a member, the members' chunk and the API client's: the page's bootstrap
  // downloads them with the entry, not after it. Their stylesheets are linked in the page's <head>: the members' sheet
  // before the route's, as a member's page in the browser loads them (the members' chunk before any navigation).
  const routeModules = [...router.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module ?? []), ...parts];
  const memberModules = user ? [MEMBER_PARTS_MODULE, API_CLIENT_MODULE] : [];
  const routePreloads = routeModules.flatMap((module) => req.assets.lazyChunks?.[module] ?? []);
  const memberPreloads = memberModules.flatMap((module) => req.assets.lazyChunks?.[module] ?? []);
  const preloads = [...new Set([...routePreloads, ...memberPreloads])];
  const styles = [
    ...new Set([...req.assets.styles, ...[...memberModules, ...routeModules].flatMap((module) => req.assets.lazyStyles?.[module] ?? [])]),
  ];
  return { preloads, styles, status, user, counts, router, loaderData, pageError, streamed };
}

/** The page's scripts, and the language offer's chunk when the page offers a language (hydration waits for it). */
function withOfferChunk(req: RenderRequest, state: AppState, preloads: string[]): string[] {
  if (!state.store.site.languageOffer) return preloads;
  return [...new Set([...preloads, ...(req.assets.lazyChunks?.[LANGUAGE_OFFER_MODULE] ?? [])])];
}

/** The page's language offer as a part of the site's state: none at all on most pages, nor once it was dismissed. */
function languageOfferState(
  req: RenderRequest,
  user: LoadedPage['user'],
  dismissals: Record<string, number>,
): { languageOffer?: OfferedLanguage } {
  if (dismissals.language_offer !== undefined) return {};
  const offer = languageOfferFor({
    accepted: req.offerLanguages,
    locale: req.locale,
    settings: req.settings,
    user,
    catalogues: req.assets.messages,
  });
  return offer ? { languageOffer: offer } : {};
}

function buildState(
  req: RenderRequest,
  page: LoadedPage,
): { state: AppState; store: ReturnType<typeof createAppStore>; messages: Messages } {
  const dismissals = parseDismissals(req.cookieHeader);
  const store = createAppStore({
    session: { user: page.user, counts: page.counts },
    site: {
      settings: req.settings,
      locale: req.locale,
      browserLanguage: req.browserLanguage,
      pageError: page.pageError,
      ...languageOfferState(req, page.user, dismissals),
      dismissals,
      renderedAt: Date.now(),
      ...(req.publicUrl ? { publicUrl: req.publicUrl } : {}),
    },
  });
  // The catalogue is a cacheable file of the build (preloaded in <head>), not part of every page's state.
  const { messages, url } = pageMessages(req.locale, req.assets.messages);
  const state: AppState = {
    store: store.getState(),
    ...(url ? { messagesUrl: url } : { messages }),
    loaderData: page.loaderData,
    ...(page.router.actionData ? { actionData: page.router.actionData } : {}),
    styles: page.styles,
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
      // One write per React flush (the shell, then each streamed part), not one per 4 KiB.
      pipeable.pipe(flushBatches(res) as unknown as NodeJS.WritableStream);
    };
    const pipeable = renderToPipeableStream(
      <Root state={state} stateJson={stateJson} store={store} api={req.api} messages={messages}>
        {/* The pages render with the react-intl object every page of this catalogue shares (its formatters made once). */}
        <RawIntlProvider value={sharedIntl(req.locale, messages)}>
          {/* SWR's cache of this request only: the loaders' answers go into it under the keys the pages read. */}
          <SWRConfig value={{ provider: createRenderCache }}>
            {/* The router's data goes to the browser in the app state (hydrate.tsx), not in a script of its own. */}
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, page.router)} context={page.router} hydrate={false} />
          </SWRConfig>
        </RawIntlProvider>
      </Root>,
      {
        // The scripts load once the first screen is painted (boot-script.ts), not from <head>.
        bootstrapScriptContent: bootScript({
          entry: req.assets.scripts,
          modules: withOfferChunk(req, state, page.preloads),
          catalogue: state.messagesUrl,
        }),
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
  if (page instanceof Response) {
    // A loader or action answered with a redirect.
    res.statusCode = page.status;
    const location = page.headers.get('Location');
    if (location) res.setHeader('Location', location);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end();
    return;
  }
  const url = new URL(req.url, 'http://localhost');
  let failure: unknown = null;
  await stream(req, page, deadline, res, (error) => {
    failure = error;
  });
  if (failure === null) return;
  req.log.error({ err: failure, url: req.url }, 'SSR: shell failed, rendering the error page');
  req.reportError?.(failure);
  const errorPage: LoadedPage = {
    ...page,
    status: 500,
    pageError: { url: `${url.pathname}${url.search}`, status: 500 },
    streamed: false,
  };
  let failedAgain = false;
  await stream(req, errorPage, Math.max(deadline, Date.now() + 2_000), res, () => {
    failedAgain = true;
  });
  if (failedAgain && !res.headersSent) sendErrorPage(res, { status: 500, locale: req.locale });
}
