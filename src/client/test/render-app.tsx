import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouterContextProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { type Schemas, type Settings, type User } from '../../shared/api/client';
import { createApiClient } from '../../shared/api/create-client';
import type { Locale } from '../../shared/locales';
import { AppProviders } from '../app/providers';
import type { PageAction, PageContext } from '../app/route-handle';
import { PageDataContext } from '../lib/page-data';
import { createAppStore } from '../lib/store/store';
import { settingsFixture } from './fixtures';

/**
 * Renders UI inside the real providers with a memory data router (component tests only): every path shows `ui`, and
 * router forms, navigation state and action data work as in the app.
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
    /** The route action forms posted through the router run, with the page context of the app. */
    action?: PageAction;
    /** The path pattern of the route that has the action (its params, e.g. `/credits/:id/:paymentmethod`); else every path. */
    path?: string;
  } = {},
) {
  const store = createAppStore({
    session: { user: options.user ?? null, counts: options.counts ?? null },
    site: {
      settings: options.settings ?? settingsFixture,
      locale: options.locale ?? 'en',
      browserLanguage: options.browserLanguage ?? null,
      pageError: null,
    },
  });
  const api = createApiClient({
    baseUrl: 'http://localhost/api',
    fetch: options.fetch ?? (async () => new Response('{}', { status: 500 })),
  });
  const context: PageContext = {
    api,
    settings: options.settings ?? settingsFixture,
    user: Promise.resolve(options.user ?? null),
    hasSession: (options.user ?? null) !== null,
    locale: options.locale ?? 'en',
  };
  const path = options.path ?? '*';
  const routes = [
    { path, element: ui, ...(options.action ? { action: options.action } : {}) },
    ...(path === '*' ? [] : [{ path: '*', element: ui }]),
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [options.url ?? '/'],
    getContext: () => context as unknown as RouterContextProvider,
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
  return { ...result, store };
}
