import { useCallback, useContext } from 'react';
import { matchRoutes } from 'react-router';
import { DataRouterContext } from '../lib/router-internals';

/**
 * Starts loading the code of the page at `path` (its route's lazy module) — for a tap's intent: called when the finger
 * lands (pointerdown), the chunk is on its way before the click that navigates, a few hundred milliseconds on a slow
 * phone. The router loads the same module again on the navigation, from the browser's module cache.
 */
export function useRoutePreload(): (path: string) => void {
  const router = useContext(DataRouterContext)?.router;
  return useCallback(
    (path: string) => {
      for (const { route } of (router && matchRoutes(router.routes, path)) || []) {
        if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
      }
    },
    [router],
  );
}
