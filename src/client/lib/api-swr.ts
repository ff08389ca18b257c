import { useCallback, useEffect, useState } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { ApiRequestError, isApiRequestError } from './api-error';
import { usePageData } from './page-data';
import { loggedOut } from './store/session-slice';
import { useAppDispatch } from './store/store';

/**
 * How every API resource behaves (one place, no SWRConfig provider: SWR and this module load only with the pages and
 * the member parts that use it, never with a visitor's landing page):
 *   - the server already loaded the page's data for the first render: no call again right after hydration;
 *   - one retry layer, the BFF's (safe methods only, within a retry budget and a deadline): retrying here as well
 *     multiplied every failing call.
 * The cache is SWR's own: one per page in the browser. On the server SWR never fetches or writes it (no effects run),
 * so one render's data never reaches another member's render; each render's data comes from its loader.
 */
const API_SWR_DEFAULTS = { revalidateIfStale: false, shouldRetryOnError: false } as const satisfies SWRConfiguration;

/**
 * useSWR for the typed API calls, starting from the route's loader data under the same key (lib/page-data.ts). Until
 * SWR has an answer of its own, a call that failed while the server loaded the page reports that failure as its error,
 * so the server's HTML and the first browser render show the same error state; the browser then asks again and SWR's
 * answer takes over. When the loader answers again while the page is shown (the router runs it after a form's action),
 * that answer replaces SWR's. A 403 with authentication_required from any call means the visitor is logged out.
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
  const fallbackData = key !== null ? (page.fallback[key] as T | undefined) : undefined;
  const swr = useSWR<T>(key, fetcher, { ...API_SWR_DEFAULTS, onError, ...(fallbackData !== undefined ? { fallbackData } : {}), ...config });
  // The route's loader ran again while the page showed this key (the router does after a form's action): its answer is
  // newer than what SWR holds, so it is shown at once (adjusted while rendering) and then replaces SWR's copy.
  const [loaded, setLoaded] = useState({ key, data: fallbackData, renewed: false });
  if (loaded.key !== key || loaded.data !== fallbackData) {
    setLoaded({ key, data: fallbackData, renewed: loaded.key === key && fallbackData !== undefined });
  }
  const { mutate } = swr;
  useEffect(() => {
    if (!loaded.renewed) return;
    let current = true;
    void mutate(loaded.data, { revalidate: false }).then(() => {
      if (current) setLoaded((now) => (now === loaded ? { ...now, renewed: false } : now));
    });
    return () => {
      current = false;
    };
  }, [loaded, mutate]);
  const prefetched = key !== null && swr.data === undefined && swr.error === undefined ? page.errors[key] : undefined;
  return {
    data: loaded.renewed ? loaded.data : swr.data,
    error: (swr.error as unknown) ?? (prefetched ? new ApiRequestError(prefetched.status, prefetched.body) : undefined),
    get isLoading() {
      return swr.isLoading;
    },
    mutate: swr.mutate,
  };
}
