import { use, type ComponentType, type ReactNode } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';

/**
 * Parts of a page that load on demand, apart from the routes (a member's parts of the layouts, the signup photo
 * picker); routes load their chunks through the router's `lazy` (page-route.tsx). A chunk that fails to load reloads
 * the page once, at most once per 60 seconds (lib/chunk-reload.ts); then the error boundary shows the error page.
 */

type Loader<M> = () => Promise<M>;

/** A component whose module is loaded on first use; `preload()` loads it ahead (and is what rendering waits for). */
export interface LazyComponent<P> {
  (props: P): ReactNode;
  preload(): Promise<void>;
  /** True once the module is here (rendering will not suspend). */
  loaded(): boolean;
}

/** Reloads the page once (at most once per 60 s) when `error` is a chunk that failed to load; rethrows it. */
export function onChunkError(error: unknown): never {
  if (typeof window !== 'undefined' && isChunkLoadError(error)) {
    try {
      reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
    } catch {
      // Storage unavailable (private mode): no reload, so no loop; the error page shows.
    }
  }
  throw error;
}

export function lazyComponent<M, P extends object>(load: Loader<M>, pick: (m: M) => ComponentType<P>): LazyComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (m) => {
        Loaded = pick(m);
      },
      (error: unknown) => {
        pending = null; // a later render may try again
        return onChunkError(error);
      },
    );
    return pending;
  };
  function LazyPart(props: P): ReactNode {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType<P> | null;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(LazyPart, { preload, loaded: () => Loaded !== null });
}
