import { Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { Loading } from '../components/loading';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import type { PrefetchContext, PrefetchResult, RouteHandle } from './route-handle';

/**
 * Routes load lazily: each page is its own chunk, loaded with its route. A route of the table stays one
 * line:
 *
 *   { path: 'members', ...lazyRoute(() => import('./pages/members-page'), 'MembersPage', { prefetch: 'prefetchMembers' }) },
 *
 * The server and the browser load the matched routes' chunks *before* rendering (`preloadRoutes`), so the first
 * render is the whole page — same HTML on both sides, no suspense in the shell, no hydration mismatch. Navigating to
 * another route shows a spinner while its chunk arrives. A chunk that fails to load reloads the page once, at most
 * once per 60 seconds (lib/chunk-reload.ts); then the error boundary shows the error page.
 */

type Loader<M> = () => Promise<M>;

/** A component whose module is loaded on first use; `preload()` loads it ahead (and is what rendering waits for). */
export interface LazyComponent<P> {
  (props: P): ReactNode;
  preload(): Promise<void>;
  /** True once the module is here (rendering will not suspend). */
  loaded(): boolean;
}

function onChunkError(error: unknown): never {
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
        pending = null; // a later navigation may try again
        return onChunkError(error);
      },
    );
    return pending;
  };
  function LazyPage(props: P): ReactNode {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType<P> | null;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(LazyPage, { preload, loaded: () => Loaded !== null });
}

type Exports<M, V> = { [K in keyof M]: M[K] extends V ? K : never }[keyof M];
type Prefetch = (ctx: PrefetchContext) => Promise<PrefetchResult>;

/**
 * `element` and `handle` of a lazily loaded route: the page component `name` of the module, rendered with `props`,
 * and — when given — the module's prefetch function (by name, loaded with it) or another route's prefetch.
 */
export function lazyRoute<M, K extends Exports<M, ComponentType<never>>>(
  load: Loader<M>,
  name: K,
  options: { prefetch?: Exports<M, Prefetch> | Prefetch; props?: object; status?: number; stream?: RouteHandle['stream'] } = {},
): { element: ReactNode; handle: RouteHandle } {
  const Page = lazyComponent(load, (m) => m[name] as ComponentType<object>);
  const prefetchName = options.prefetch;
  const module = moduleOf(load);
  const handle: RouteHandle = {
    preload: Page.preload,
    ...(module ? { module } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
    ...(typeof prefetchName === 'function'
      ? { prefetch: prefetchName }
      : prefetchName
        ? { prefetch: async (ctx: PrefetchContext) => ((await load())[prefetchName] as Prefetch)(ctx) }
        : {}),
  };
  const props = options.props ?? {};
  return { element: <LazyRouteElement page={Page} props={props} />, handle };
}

/**
 * A page that is already loaded when its route first renders (server render, hydration, a route visited before)
 * renders without a Suspense boundary: nothing can suspend, and React would otherwise stream a large boundary apart
 * from the shell and reveal it a frame later. One that is not yet loaded (a client navigation) shows a spinner.
 */
function LazyRouteElement({ page: Page, props }: { page: LazyComponent<object>; props: object }) {
  const [wrap] = useState(() => !Page.loaded());
  if (!wrap) return <Page {...props} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page {...props} />
    </Suspense>
  );
}

/**
 * The source module a loader imports (`() => import('./pages/members-page')` → `src/client/app/pages/members-page`),
 * read from the loader's own text on the server (not minified there), so the page can name the route's chunk in a
 * modulepreload link; undefined where the text does not show it (the minified browser build, which does not need it).
 */
export function moduleOf(load: () => unknown): string | undefined {
  // tsx keeps `import("./pages/x")`; Vite's SSR transform (the test runner) writes `__vite_ssr_dynamic_import__("/src/…")`.
  const spec = /(?:import|__vite_ssr_dynamic_import__)\(\s*["'`]([^"'`]+)["'`]/.exec(String(load))?.[1];
  if (!spec) return undefined;
  const file = spec.startsWith('./') ? `src/client/app/${spec.slice(2)}` : spec.startsWith('/src/client/app/') ? spec.slice(1) : undefined;
  return file?.replace(/\.tsx?$/, '');
}

/** Loads the chunks of the matched routes (server before rendering, browser before hydrating). */
export async function preloadRoutes(matches: ReadonlyArray<{ route: { handle?: unknown } }>): Promise<void> {
  await Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.preload?.()));
}
