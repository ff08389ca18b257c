import type { ReactNode } from 'react';
import type { ApiClient } from '../../shared/api/client';
import type { AppState } from '../lib/app-state';
import type { Messages } from '../lib/i18n';
import type { AppStore } from '../lib/store/store';
import { Document } from './document';
import { ErrorBoundary } from './error-boundary';
import { ErrorPageFailed } from './pages/error-page';
import { AppProviders } from './providers';
import { StreamedDataProvider } from './streamed';

/**
 * The same tree on the server and in the browser; only the router passed as `children` differs
 * (<StaticRouterProvider> vs <RouterProvider>, both over the route table of routes.tsx).
 */
export function Root({
  state,
  stateJson,
  store,
  api,
  messages,
  children,
}: {
  state: AppState;
  stateJson: string;
  store: AppStore;
  api: ApiClient;
  /** The page's catalogue: compiled on the server, loaded from `state.messagesUrl` in the browser. */
  messages: Messages;
  children: ReactNode;
}) {
  return (
    <Document locale={state.store.site.locale} styles={state.styles} stateJson={stateJson}>
      <AppProviders store={store} api={api} locale={state.store.site.locale} messages={messages}>
        <StreamedDataProvider streams={state.streamed === true}>
          <ErrorBoundary fallback={() => <ErrorPageFailed />}>{children}</ErrorBoundary>
        </StreamedDataProvider>
      </AppProviders>
    </Document>
  );
}
