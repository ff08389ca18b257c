import type { ApiClient, Settings, User } from '../../shared/api/client';
import type { Locale } from '../../shared/locales';
import { isApiRequestError } from '../lib/api-error';

export interface PrefetchContext {
  api: ApiClient;
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
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
}

export interface PrefetchResult {
  /** SWR fallback entries, keyed by the same key builders the components use. */
  fallback?: Record<string, unknown>;
  /** HTTP status of the page, e.g. 404 for a profile that does not exist. */
  status?: number;
  /** Calls that failed, by SWR key: the page renders its error state for them instead of failing whole. */
  errors?: Record<string, PrefetchFailure>;
}

/** An API answer that was not 2xx during prefetch (status and the one error body). */
export interface PrefetchFailure {
  status: number;
  body: unknown;
}

/**
 * Loads one SWR key for the first render. An API error (the backend lacks the call, is down, or refuses) is kept
 * under the key so the component shows its error state, on the server and in the browser alike; anything else
 * (a bug) is thrown and makes the page a 500.
 */
export async function prefetchKey<T>(key: string, load: () => Promise<T>): Promise<PrefetchResult> {
  try {
    return { fallback: { [key]: await load() } };
  } catch (error) {
    if (isApiRequestError(error)) return { errors: { [key]: { status: error.status, body: error.body } } };
    throw error;
  }
}

/**
 * A member-only prefetch: `load` starts at once when the request carries a login cookie, in parallel with the user;
 * nothing is kept when the visitor is logged out after all.
 */
export async function prefetchForMember(ctx: PrefetchContext, load: () => Promise<PrefetchResult>): Promise<PrefetchResult> {
  if (!ctx.hasSession) return {};
  const [user, result] = await Promise.all([ctx.user, load()]);
  return user ? result : {};
}

/** What a route of the table may declare in its `handle`. */
export interface RouteHandle {
  prefetch?: (ctx: PrefetchContext) => Promise<PrefetchResult>;
  /**
   * Whether the page streams: the shell with the page's skeleton goes out before its data (app/streamed.tsx). Only for
   * pages whose status never depends on their data; given the route's params (e.g. a likes tab that does not exist is
   * a 404 and is not streamed).
   */
  stream?: (params: Readonly<Record<string, string | undefined>>) => boolean;
  /** Fixed status of the route (the catch-all 404). */
  status?: number;
  /** Loads the route's lazy chunk (lazy-route.tsx); awaited before the first render on the server and in the browser. */
  preload?: () => Promise<void>;
  /** The lazy page's source module without extension (`src/client/app/pages/members-page`), for modulepreload links. */
  module?: string;
}
