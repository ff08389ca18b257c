import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { ApiClient, Settings, User } from '../../shared/api/client';
import type { Locale } from '../../shared/locales';
import { apiFailureOf, isApiRequestError, type ApiFailure } from '../lib/api-error';

/**
 * What every page loader gets as its `context`: on the server the `requestContext` of the static handler's query (one
 * per request), in the browser the router's `getContext` (one per navigation, from the store of the page).
 */
export interface PageContext {
  /** The typed API client: the BFF's per-request client on the server, the browser's `/api` client. */
  api: ApiClient;
  settings: Settings;
  /**
   * The current user (GET /user.php), loading while the page's own calls run (user and page data in one
   * wave). The backend reads the session cookie itself, so a member's call need not wait for it: start the call when
   * `hasSession`, await `user` alongside, and drop the answer if the visitor turned out logged out.
   */
  user: Promise<User | null>;
  /** Whether the request carries a login cookie (it may have expired: `user` tells). */
  hasSession: boolean;
  /** The page's negotiated locale (content that is not in the catalogues, e.g. info pages, is loaded per locale). */
  locale: Locale;
  /**
   * Server only: how the render treats the page's load (server/render.tsx) — awaited, or (a streamable page whose data
   * is slow) handed on as a promise in the loader data, so the shell goes out first. Absent in the browser.
   */
  settle?: (job: Promise<PrefetchResult>, streamable: boolean) => Promise<RouteData>;
  /**
   * Server only: at this address the page renders a lazy part of its own with its first render (its module as the Vite
   * manifest names it, e.g. the filter sheet's form of `/members?filters=open`), so the page's scripts fetch that chunk
   * beside the route's and the part hydrates with the page. Absent in the browser.
   */
  rendersPart?: (module: string) => void;
  /**
   * Browser only: an action ended the member's session (the account deleted) and answers with a document redirect, so
   * the next page loads whole with the cleared cookie; until then the event stream is closed and no call of this page
   * goes out (lib/page-exit.ts), each of which would be answered 403. Absent on the server.
   */
  sessionEnded?: () => void;
  /**
   * Browser only: runs the call that ends the session (logout, the account's deletion) with a client of its own while
   * the page's other calls wait (lib/page-exit.ts `endingSession`). Use `endSessionWith`, which runs the call with
   * `api` where this is absent (the server).
   */
  endSession?: <T>(call: (api: ApiClient) => Promise<T>) => Promise<T>;
}

/** Runs the call that ends the member's session: past the page's held calls in the browser, with `api` elsewhere. */
export function endSessionWith<T>(context: PageContext, call: (api: ApiClient) => Promise<T>): Promise<T> {
  return context.endSession ? context.endSession(call) : call(context.api);
}

/** A page loader's arguments: the router's `{ params, request, context }` with the page context. */
export type PageLoaderArgs = LoaderFunctionArgs<PageContext>;
export type PageLoader = (args: PageLoaderArgs) => Promise<PrefetchResult>;
/** A page action's arguments (a form posted to the page, app/page-route.tsx): the same page context. */
export type PageActionArgs = ActionFunctionArgs<PageContext>;
export type PageAction = (args: PageActionArgs) => Promise<unknown>;

export interface PrefetchResult {
  /** The answers, keyed by the same key builders the components use (a live resource's go into SWR's cache). */
  fallback?: Record<string, unknown>;
  /** HTTP status of the page, e.g. 404 for a profile that does not exist. */
  status?: number;
  /** Calls that failed, by SWR key: the page renders its error state for them instead of failing whole. */
  errors?: Record<string, ApiFailure>;
}

/**
 * A route's loader data: the page's result, or (server, a slow streamable page) the promise of it, which the page's
 * `<StreamedContent>` awaits below its skeleton (app/streamed.tsx).
 */
export interface RouteData extends PrefetchResult {
  streamed?: Promise<StreamedPageData>;
}

/** What a streamed page's content resolves to (app/streamed.tsx renders it below the page's skeleton). */
export interface StreamedPageData {
  fallback: Record<string, unknown>;
  errors: Record<string, ApiFailure>;
  /**
   * The page's prefetch threw after the shell (and its 200) had gone out: the content shows the site's error state
   * instead of a skeleton or an empty page (the server logged the failure with the request id). A failure before the
   * first byte never streams: the server answers it like a page rendered whole (its status, the error page).
   */
  failed?: true;
}

/** The query of the loader's request (`?network=…`). */
export const searchOf = (request: Request): URLSearchParams => new URL(request.url).searchParams;

/**
 * Loads one SWR key for the first render. An API error (the backend lacks the call, is down, or refuses) is kept
 * under the key so the component shows its error state, on the server and in the browser alike; anything else
 * (a bug) is thrown and makes the page a 500.
 */
export async function prefetchKey<T>(key: string, load: () => Promise<T>): Promise<PrefetchResult> {
  try {
    return { fallback: { [key]: await load() } };
  } catch (error) {
    if (isApiRequestError(error)) return { errors: { [key]: apiFailureOf(error) } };
    throw error;
  }
}

/** The data of several loads for one page, as one: their answers and their failures side by side. */
export function mergePrefetched(...parts: PrefetchResult[]): PrefetchResult {
  return {
    fallback: Object.assign({}, ...parts.map((p) => p.fallback ?? {})) as Record<string, unknown>,
    errors: Object.assign({}, ...parts.map((p) => p.errors ?? {})) as NonNullable<PrefetchResult['errors']>,
  };
}

/**
 * A member-only load: `load` starts at once when the request carries a login cookie, in parallel with the user;
 * nothing is kept when the visitor is logged out after all.
 */
export async function prefetchForMember(ctx: PageContext, load: () => Promise<PrefetchResult>): Promise<PrefetchResult> {
  if (!ctx.hasSession) return {};
  const [user, result] = await Promise.all([ctx.user, load()]);
  return user ? result : {};
}

/** What a route of the table declares in its `handle` (static, known before its chunk loads). */
export interface RouteHandle {
  /**
   * Whether the page streams: the shell with the page's skeleton goes out before its data (app/streamed.tsx). Only for
   * pages whose status never depends on their data; given the route's params (e.g. a likes tab that does not exist is
   * a 404 and is not streamed).
   */
  stream?: (params: Readonly<Record<string, string | undefined>>) => boolean;
  /** Fixed status of the route (the catch-all 404). */
  status?: number;
  /**
   * The lazy page's source module without extension (`src/client/app/pages/members-page`), the Vite manifest's key:
   * the server names the route's chunk in modulepreload links. Written out in the route table (page-route.test.tsx
   * checks it against the module the route loads).
   */
  module?: string;
}
