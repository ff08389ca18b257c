import { createContext, useContext } from 'react';
import type { ApiFailure } from './api-error';

/**
 * The data the route's loader (or the streamed part of the page) brought for the first render, by key: the answers
 * (`fallback`) and the calls that failed (`errors`). Plain React context, no data library: a page reads it with
 * `usePageData`, and a live resource (lib/api-swr.ts) puts its answer into SWR's cache.
 */
export interface PageData {
  fallback: Readonly<Record<string, unknown>>;
  errors: Readonly<Record<string, ApiFailure>>;
}

export const PageDataContext = createContext<PageData>({ fallback: {}, errors: {} });

/** The page data of the enclosing route, with an inner route's (or streamed part's) data over its outer one. */
export function mergePageData(outer: PageData, inner: Partial<PageData>): PageData {
  if (!inner.fallback && !inner.errors) return outer;
  return { fallback: { ...outer.fallback, ...inner.fallback }, errors: { ...outer.errors, ...inner.errors } };
}

export const usePageData = (): PageData => useContext(PageDataContext);

/**
 * One answer of the route's loader data, by its key: the answer, or the failure (the page shows its error state for it).
 * Page data that no live resource keeps fresh is read this way, and only this way: a new URL, the page's action or
 * the router's revalidation runs the loader again, so the router holds the one copy of the answer.
 */
export function usePageResult<T>(key: string | null): { data: T | undefined; error: ApiFailure | undefined } {
  const page = usePageData();
  if (key === null) return { data: undefined, error: undefined };
  return { data: page.fallback[key] as T | undefined, error: page.errors[key] };
}
