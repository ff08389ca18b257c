import { useContext } from 'react';
// The only module that imports React Router's UNSAFE_ exports (eslint.config.js forbids them everywhere else); what it
// reads and what to do when React Router changes it: docs/adr/0001-router-internals.md.
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, type DataRouter } from 'react-router';

/**
 * The data router of the tree (`createBrowserRouter` in the browser, the static router on the server), or undefined
 * outside one. Its `navigate` with `formMethod: 'post'` sends a form to a route action (components/router-form.tsx),
 * its `fetch`/`getFetcher`/`deleteFetcher`/`subscribe` run a fetcher (components/router-fetcher.tsx). React Router's
 * own `<Form>` and `useFetcher` do the same with more code in every page's entry chunk.
 */
export function useDataRouter(): DataRouter | undefined {
  return useContext(UNSAFE_DataRouterContext)?.router;
}

/** What the route actions answered the form posted to this page, by route id (the router's `actionData`), or null. */
export function useRouterActionData(): Readonly<Record<string, unknown>> | null {
  return useContext(UNSAFE_DataRouterStateContext)?.actionData ?? null;
}

/** The state of the fetcher `key` in the router's state (undefined while it has none): `state` and `formData`. */
export function useRouterFetcherState(key: string) {
  return useContext(UNSAFE_DataRouterStateContext)?.fetchers.get(key);
}
