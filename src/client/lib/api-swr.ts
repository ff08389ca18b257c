import { createContext, useContext } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { ApiRequestError } from './api-error';

type PrefetchErrors = Readonly<Record<string, { status: number; body: unknown }>>;

/** The server's prefetch failures by SWR key, from the page state. */
export const PrefetchErrorsContext = createContext<PrefetchErrors>({});

/**
 * useSWR for the typed API calls. Until SWR has an answer of its own, a call that failed while the server prefetched
 * it reports that failure as its error, so the server's HTML and the first browser render show the same error state;
 * the browser then asks again and SWR's answer takes over.
 */
export function useApiSWR<T>(key: string | null, fetcher: () => Promise<T>, config?: SWRConfiguration<T>) {
  const swr = useSWR<T>(key, fetcher, config);
  const prefetchErrors = useContext(PrefetchErrorsContext);
  const prefetched = key !== null && swr.data === undefined && swr.error === undefined ? prefetchErrors[key] : undefined;
  return {
    data: swr.data,
    error: (swr.error as unknown) ?? (prefetched ? new ApiRequestError(prefetched.status, prefetched.body) : undefined),
    isLoading: swr.isLoading,
    mutate: swr.mutate,
  };
}
