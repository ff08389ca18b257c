import { useCallback, useLayoutEffect } from 'react';
import useSWR, { useSWRConfig, type Cache, type SWRConfiguration } from 'swr';
import { apiErrorOf, isApiRequestError } from './api-error';
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

/**
 * The loader answer each cache has taken, by key (by identity; a primitive answer by its value): written when a render
 * that showed it commits, so a render React discards leaves nothing here. On the server only a render's own cache
 * (`createRenderCache`) has an entry, which is what lets the loaders' answers be written into it.
 */
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
 * useSWR for the typed API calls, whose data starts as the route loader's answer under the same key
 * (lib/page-data.ts), put into SWR's cache — no fallback. An answer the cache has not taken yet goes in before SWR reads
 * the key when SWR holds no data for it (the server's render, the hydration, a client navigation's first render): the
 * write is the same whichever render makes it, so a discarded render changes nothing. When SWR holds other data (the
 * router ran the loader again after a form's action, or a navigation came back to a page SWR has older data of), the
 * hook shows the answer at once and its commit puts it into the cache with SWR's mutate, which every component showing
 * the key follows. On the server nothing is written but into a render's own cache. Until SWR has an answer of its own, a
 * call that failed while the server loaded the page reports that failure as its error, so the server's HTML and the
 * first browser render show the same error state; the browser then asks again. A 403 with authentication_required from
 * any call means the visitor is logged out. `isLoading` is read only when the caller reads it: SWR re-renders a
 * component for the fields it read, so a list in the navigation does not re-render the layout twice per poll.
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
  const { cache } = useSWRConfig();
  const answer = key !== null ? (page.fallback[key] as T | undefined) : undefined;
  // SWR's module-level cache outlives the request on the server: only a render's own cache is written there.
  const fresh =
    key !== null && answer !== undefined && taken.get(cache)?.get(key) !== answer && (typeof window !== 'undefined' || taken.has(cache));
  const held = fresh ? cache.get(key) : undefined;
  if (fresh && held?.data === undefined) cache.set(key, { ...held, data: answer, error: undefined });
  const swr = useSWR<T>(key, fetcher, { ...API_SWR_DEFAULTS, onError, ...config });
  const { mutate } = swr;
  useLayoutEffect(() => {
    if (!fresh) return;
    let answers = taken.get(cache);
    if (!answers) taken.set(cache, (answers = new Map()));
    answers.set(key, answer);
    if (cache.get(key)?.data !== answer) void mutate(answer, { revalidate: false });
  }, [answer, cache, fresh, key, mutate]);
  const prefetched = key !== null && swr.data === undefined && swr.error === undefined ? page.errors[key] : undefined;
  return {
    data: fresh ? answer : swr.data,
    error: (swr.error as unknown) ?? (prefetched ? apiErrorOf(prefetched) : undefined),
    get isLoading() {
      return swr.isLoading;
    },
    mutate: swr.mutate,
  };
}
