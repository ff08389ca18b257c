import { createContext, useContext } from 'react';

/** An API answer that was not 2xx while the page's loader ran (its status and the error body). */
export interface PageDataFailure {
  status: number;
  body: unknown;
}

/**
 * The data the route's loader (or the streamed part of the page) brought for the first render, by key: the answers
 * (`fallback`) and the calls that failed (`errors`). Plain React context, no data library: a page reads it with
 * `usePageData`, and a live resource (lib/api-swr.ts) puts its answer into SWR's cache.
 */
export interface PageData {
  fallback: Readonly<Record<string, unknown>>;
  errors: Readonly<Record<string, PageDataFailure>>;
}

export const PageDataContext = createContext<PageData>({ fallback: {}, errors: {} });

/** The page data of the enclosing route, with an inner route's (or streamed part's) data over its outer one. */
export function mergePageData(outer: PageData, inner: Partial<PageData>): PageData {
  if (!inner.fallback && !inner.errors) return outer;
  return { fallback: { ...outer.fallback, ...inner.fallback }, errors: { ...outer.errors, ...inner.errors } };
}

export const usePageData = (): PageData => useContext(PageDataContext);

/**
 * One answer of the route's loader data, by its key: the answer, or the failure as an error (the page shows its error
 * state for it). Page data that no live resource keeps fresh is read this way: a new URL runs the loader again.
 */
export function usePageResult<T>(key: string | null): { data: T | undefined; error: PageDataFailure | undefined } {
  const page = usePageData();
  if (key === null) return { data: undefined, error: undefined };
  return { data: page.fallback[key] as T | undefined, error: page.errors[key] };
}
