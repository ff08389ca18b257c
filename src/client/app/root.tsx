import type { ReactNode } from 'react';
import type { ApiClient } from '../../shared/api/client';
import type { AppState } from '../lib/app-state';
import type { Messages } from '../lib/i18n';
import type { AppStore } from '../lib/store/store';
import { Document } from './document';
import { ErrorBoundary } from './error-boundary';
import { ErrorPageFailed } from './pages/error-page';
import { AppProviders } from './providers';
import { StreamedDataProvider, type StreamedPageData } from './streamed';

/**
 * The same tree on the server and in the browser; only the router passed as `children` differs
 * (StaticRouter vs BrowserRouter, both around <AppRoutes />).
 */
export function Root({
  state,
  stateJson,
  store,
  api,
  messages,
  streamed,
  children,
}: {
  state: AppState;
  stateJson: string;
  store: AppStore;
  api: ApiClient;
  /** The page's catalogue: compiled on the server, loaded from `state.messagesUrl` in the browser. */
  messages: Messages;
  /** Server, on a streamed route: the page's data, which arrives after the shell (app/streamed.tsx). */
  streamed?: Promise<StreamedPageData> | null;
  children: ReactNode;
}) {
  return (
    <Document locale={state.store.site.locale} styles={state.styles} stateJson={stateJson}>
      <AppProviders
        store={store}
        api={api}
        locale={state.store.site.locale}
        messages={messages}
        fallback={state.fallback}
        prefetchErrors={state.prefetchErrors}
      >
        <StreamedDataProvider pending={streamed} streams={state.streamed === true}>
          <ErrorBoundary fallback={() => <ErrorPageFailed />}>{children}</ErrorBoundary>
        </StreamedDataProvider>
      </AppProviders>
    </Document>
  );
}
