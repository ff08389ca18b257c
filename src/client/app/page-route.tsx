import { useContext, type ComponentType, type ReactNode } from 'react';
import { useLoaderData, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import { mergePageData, PageDataContext } from '../lib/page-data';
import { onChunkError } from './lazy-component';
import { ErrorPage } from './pages/error-page';
import type { PageAction, PageLoader, PageLoaderArgs, RouteData, RouteHandle } from './route-handle';
import { StreamedPromiseContext } from './streamed';

/**
 * A page of the route table: its module loads with the router's `lazy` (each page is its own chunk), which gives the
 * router the page component and — when the module has one — its loader:
 *
 *   { path: 'members', ...pageRoute('members-page', () => import('./pages/members-page'),
 *       (m) => ({ Component: m.MembersPage, loader: m.membersLoader }), { stream: () => true }) },
 *
 * The first argument names the page's file in app/pages: the handle's `module` is its Vite manifest key
 * (`src/client/app/pages/members-page`; page-route.test.tsx checks it against the module the route loads), so the
 * server lists the route's chunk in the page's modulepreload links. The server's static handler and
 * the browser (before hydrating) resolve the matched routes' `lazy` before rendering, so the first render is the whole
 * page. A client navigation waits for the chunk and the loader before it shows the page. A chunk that fails to load
 * reloads the page once, at most once per 60 seconds (lib/chunk-reload.ts); then the route's error page shows.
 */
export interface PageExports {
  Component: ComponentType<never>;
  loader?: PageLoader;
  /**
   * The page's form handler (`<form method="post">` sent before hydration or without JavaScript): the server runs it
   * for a plain HTML POST to the page (the BFF's page POSTs); with JavaScript the router runs it in the page (a
   * `RouterForm`'s navigation or a `useRouterFetcher` submission).
   */
  action?: PageAction;
  /** Props of the component on this route (one component, several routes). */
  props?: object;
}

/**
 * The loader as the router runs it: in the browser the page's loader itself; on the server the render decides
 * (`context.settle`) whether the page waits for it or streams it (a promise in the loader data, app/streamed.tsx).
 */
function routeLoader(loader: PageLoader, stream: RouteHandle['stream']) {
  return (args: PageLoaderArgs): Promise<RouteData> => {
    const job = loader(args);
    const settle = args.context.settle;
    return settle ? settle(job, stream?.(args.params) === true) : job;
  };
}

/**
 * The page's loader data for its components: answers and prefetch failures by key (lib/page-data.ts; the components
 * read their data with the same keys), and the streamed part's promise for `<StreamedContent>`.
 */
function RouteDataProvider({ children }: { children: ReactNode }) {
  const data = useLoaderData<RouteData | undefined>();
  const outer = useContext(PageDataContext);
  if (!data) return children;
  return (
    <StreamedPromiseContext value={data.streamed ?? null}>
      <PageDataContext value={mergePageData(outer, data)}>{children}</PageDataContext>
    </StreamedPromiseContext>
  );
}

/** A loader that threw on a client navigation (a bug, or the network gone): the error page inside the layout. */
function RouteErrorPage() {
  return <ErrorPage />;
}

/**
 * After a form's action the router runs the page's loaders again (the write may change what they show), but not after
 * a refusal (a FormFailure, app/form-action.ts): the backend stored nothing, and the refusal shows at once instead of
 * after the page's data — while fields typed meanwhile are kept (a render of the page's data under way as the member
 * types into a controlled field could put back what it held). Nor after a result answered in place to a fetcher (the
 * like, the swipe, the sent message, the match finder's answers: `InPlaceAnswer`): the live page has already updated
 * itself with it, and loading the page again (the member search after every like, the conversation after every
 * message) would only repeat backend calls.
 */
function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const answer: object = typeof actionResult === 'object' && actionResult !== null ? actionResult : {};
  // The shapes of FormFailure and InPlaceAnswer (components/router-fetcher.tsx), checked here without their modules:
  // the route table is in the landing page's entry chunk.
  const refused = 'form' in answer && 'status' in answer;
  const inPlace = 'inPlace' in answer && answer.inPlace === true;
  return refused || inPlace ? false : defaultShouldRevalidate;
}

export function pageRoute<M>(
  page: string,
  load: () => Promise<M>,
  pick: (m: M) => PageExports | Promise<PageExports>,
  options: { stream?: RouteHandle['stream'] } = {},
): Pick<RouteObject, 'lazy' | 'handle' | 'shouldRevalidate'> {
  const handle: RouteHandle = { module: `src/client/app/pages/${page}`, ...(options.stream ? { stream: options.stream } : {}) };
  return {
    handle,
    shouldRevalidate,
    lazy: async () => {
      const exports = await pick(await load().catch(onChunkError));
      const Page = exports.Component as ComponentType<object>;
      const props = exports.props ?? {};
      function RoutePage() {
        return (
          <RouteDataProvider>
            <Page {...props} />
          </RouteDataProvider>
        );
      }
      return {
        Component: RoutePage,
        ErrorBoundary: RouteErrorPage,
        ...(exports.loader ? { loader: routeLoader(exports.loader, options.stream) } : {}),
        ...(exports.action ? { action: exports.action } : {}),
      };
    },
  };
}

/**
 * A layout that only some pages use (the chat, lander and empty layouts): its module loads with the router's `lazy`
 * like a page's, so the landing page does not carry it. The first argument names its file in app/layouts (the Vite
 * manifest key, for the page's modulepreload links).
 */
export function layoutRoute<M>(
  layout: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: RouteHandle = { module: `src/client/app/layouts/${layout}` };
  return { handle, lazy: async () => ({ Component: pick(await load().catch(onChunkError)) }) };
}

/**
 * Resolves the `lazy` of the routes matched by the page (the browser, before creating its router), so hydration
 * renders the server's page at once instead of a fallback.
 */
export async function resolveLazyRoutes(matches: ReadonlyArray<{ route: RouteObject }>): Promise<void> {
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
