import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig, type Cache, type SWRConfiguration } from 'swr';
import { ApiRequestError, isApiRequestError } from './api-error';
import { usePageData } from './page-data';
import { loggedOut } from './store/session-slice';
import { useAppDispatch } from './store/store';

/**
 * How every API resource behaves (one place, no SWRConfig provider in the browser: SWR and this module load only with
 * the pages and the member parts that use it, never with a visitor's landing page):
 *   - the server already loaded the page's data for the first render: no call again right after hydration;
 *   - one retry layer, the BFF's (safe methods only, within a retry budget and a deadline): retrying here as well
 *     multiplied every failing call.
 */
const API_SWR_DEFAULTS = { revalidateIfStale: false, shouldRetryOnError: false } as const satisfies SWRConfiguration;

/** The loader answer each cache last took, by key (one answer goes into a cache once); a server render's cache has
 * its entry from the start (`createRenderCache`). */
const taken = new WeakMap<Cache, Map<string, unknown>>();

/**
 * SWR's cache for one server render (the renderer hands it to `<SWRConfig value={{ provider }}>` per request): the
 * route loaders' answers go into it, so one member's data never reaches another member's render. In the browser the
 * cache is SWR's own, one per page.
 */
export function createRenderCache(): Cache {
  const cache: Cache = new Map();
  taken.set(cache, new Map());
  return cache;
}

/**
 * Puts the route loader's answer for `key` into SWR's cache before the hook reads it, so the first render (the
 * server's, the hydration, a client navigation's) shows it as SWR's own data, and SWR's revalidation and mutations
 * start from it; the same answer again never puts back data SWR has since replaced. A key SWR holds no data for is
 * written straight into the cache while rendering (SWR's mutate would re-render other components in the middle of this
 * render, and would change what hydration compares against). A new answer for a key SWR holds other data for (the
 * router ran the loader again after a form's action, or a navigation came back to a page SWR has data of) is returned
 * instead: the hook shows it at once and puts it into the cache with SWR's mutate after the render, which every
 * component showing the key follows.
 */
function useLoaderAnswer<T>(key: string | null, answer: T | undefined): T | undefined {
  const { cache } = useSWRConfig();
  let answers = taken.get(cache);
  if (!answers) {
    // On the server only a render's own cache: SWR's module-level one would keep a member's data for the next request.
    if (typeof window === 'undefined') return;
    taken.set(cache, (answers = new Map()));
  }
  if (key === null || answer === undefined || answers.get(key) === answer) return;
  answers.set(key, answer);
  const held = cache.get(key);
  if (held?.data === undefined) cache.set(key, { ...held, data: answer, error: undefined });
  else if (held.data !== answer) return answer;
}

/**
 * useSWR for the typed API calls. The route's loader answer under the same key (lib/page-data.ts) is put into SWR's
 * cache before the first read (`useLoaderAnswer`): no fallback, SWR's data is the loader's until SWR loads anew. A call
 * that failed while the server loaded the page reports that failure as its error until SWR has an answer of its own,
 * so the server's HTML and the first browser render show the same error state; the browser then asks again and SWR's
 * answer takes over. A 403 with authentication_required from any call means the visitor is logged out.
 * `isLoading` is read only when the caller reads it: SWR re-renders a component for the fields it read, so a list in
 * the navigation does not re-render the layout twice per poll (loading, then not) when only its data counts.
 */
export function useApiSWR<T>(key: string | null, fetcher: () => Promise<T>, config?: SWRConfiguration<T>) {
  const page = usePageData();
  const dispatch = useAppDispatch();
  const onError = useCallback(
    (error: unknown) => {
      if (isApiRequestError(error) && error.authenticationRequired) dispatch(loggedOut());
    },
    [dispatch],
  );
  const answer = key !== null ? (page.fallback[key] as T | undefined) : undefined;
  const newer = useLoaderAnswer(key, answer);
  const swr = useSWR<T>(key, fetcher, { ...API_SWR_DEFAULTS, onError, ...config });
  // The loader's new answer for data SWR holds: shown at once (adjusted while rendering), then put into SWR's cache,
  // which the other components showing the key follow.
  const [replacing, setReplacing] = useState<{ key: string | null; data: T } | null>(null);
  if (newer !== undefined) setReplacing({ key, data: newer });
  const { mutate } = swr;
  useEffect(() => {
    if (replacing) void mutate(replacing.data, { revalidate: false }).then(() => setReplacing((now) => (now === replacing ? null : now)));
  }, [replacing, mutate]);
  const prefetched = key !== null && swr.data === undefined && swr.error === undefined ? page.errors[key] : undefined;
  return {
    data: replacing !== null && replacing.key === key ? replacing.data : swr.data,
    error: (swr.error as unknown) ?? (prefetched ? new ApiRequestError(prefetched.status, prefetched.body) : undefined),
    get isLoading() {
      return swr.isLoading;
    },
    mutate: swr.mutate,
  };
}
