import type { ApiClient, Settings, User } from '../../shared/api/client';

export interface PrefetchContext {
  api: ApiClient;
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
  settings: Settings;
  user: User | null;
}

export interface PrefetchResult {
  /** SWR fallback entries, keyed by the same key builders the components use. */
  fallback?: Record<string, unknown>;
  /** HTTP status of the page, e.g. 404 for a profile that does not exist. */
  status?: number;
}

/** What a route of the table may declare in its `handle`. */
export interface RouteHandle {
  prefetch?: (ctx: PrefetchContext) => Promise<PrefetchResult>;
  /** Fixed status of the route (the catch-all 404). */
  status?: number;
}
