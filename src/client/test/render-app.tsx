import { render } from '@testing-library/react';
import { useContext, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLoaderData, type RouterContextProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { type Schemas, type Settings, type User } from '../../shared/api/client';
import { createApiClient } from '../../shared/api/create-client';
import type { Locale } from '../../shared/locales';
import { AppProviders } from '../app/providers';
import type { PageAction, PageContext, PageLoader, PrefetchResult } from '../app/route-handle';
import { mergePageData, PageDataContext } from '../lib/page-data';
import type { SiteState } from '../lib/store/site-slice';
import { createAppStore } from '../lib/store/store';
import { settingsFixture } from './fixtures';

/** The route's loader data over the test's page data, as a page of the app gets it (app/page-route.tsx). */
function LoaderData({ children }: { children: ReactNode }) {
  const data = useLoaderData<PrefetchResult | undefined>();
  const outer = useContext(PageDataContext);
  return data ? <PageDataContext value={mergePageData(outer, data)}>{children}</PageDataContext> : children;
}

/**
 * Renders UI inside the real providers with a memory data router (component tests only): every path shows `ui`, and
 * router forms, navigation state and action data work as in the app. With `action`, every path runs it for a form
 * posted to it, and with `loader` every path loads its data with it (again after an action), both with the page context
 * of the browser (the test's API client and store).
 */
export function renderWithApp(
  ui: ReactNode,
  options: {
    user?: User | null;
    /** The navigation counts GET /user.php brought with the user. */
    counts?: Schemas['NavCounts'] | null;
    url?: string;
    fallback?: Record<string, unknown>;
    locale?: Locale;
    messages?: Record<string, string>;
    settings?: Settings;
    browserLanguage?: string | null;
    fetch?: typeof fetch;
    action?: PageAction;
    loader?: PageLoader;
    /** The path of the route that shows `ui` (its params reach the action and loader); every other path shows it too. */
    path?: string;
    /** What the browser's page context adds for the action (e.g. `sessionEnded`). */
    context?: Partial<PageContext>;
    /** More of the site's state the server hands over (a language offer, dismissals). */
    site?: Partial<SiteState>;
  } = {},
) {
  const store = createAppStore({
    session: { user: options.user ?? null, counts: options.counts ?? null },
    site: {
      settings: options.settings ?? settingsFixture,
      locale: options.locale ?? 'en',
      browserLanguage: options.browserLanguage ?? null,
      pageError: null,
      ...options.site,
    },
  });
  const api = createApiClient({
    baseUrl: 'http://localhost/api',
    fetch: options.fetch ?? (async () => new Response('{}', { status: 500 })),
  });
  const context = (): PageContext => {
    const { session, site } = store.getState();
    return {
      api,
      settings: site.settings,
      user: Promise.resolve(session.user),
      hasSession: session.user !== null,
      locale: site.locale,
      ...options.context,
    };
  };
  const route = {
    path: options.path ?? '*',
    element: options.loader ? <LoaderData>{ui}</LoaderData> : ui,
    ...(options.action ? { action: options.action } : {}),
    ...(options.loader ? { loader: options.loader, HydrateFallback: () => null } : {}),
  };
  const router = createMemoryRouter(options.path ? [route, { ...route, path: '*' }] : [route], {
    initialEntries: [options.url ?? '/'],
    // Only a route that runs code gets the context: without one, the router's navigations stay as they were.
    ...(options.action || options.loader ? { getContext: () => context() as unknown as RouterContextProvider } : {}),
  });
  const result = render(
    <AppProviders store={store} api={api} locale={options.locale ?? 'en'} messages={options.messages ?? {}}>
      {/* A cache of each test's own (the browser's one per page). */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <PageDataContext value={{ fallback: options.fallback ?? {}, errors: {} }}>
          <RouterProvider router={router} />
        </PageDataContext>
      </SWRConfig>
    </AppProviders>,
  );
  return { ...result, store, router };
}
