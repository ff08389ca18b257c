import type { ReactNode } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { ApiClient } from '../../shared/api/client';
import type { Locale } from '../../shared/locales';
import { ApiProvider } from '../lib/api-client';
import { isApiRequestError } from '../lib/api-error';
import { PrefetchErrorsContext } from '../lib/api-swr';
import type { AppState } from '../lib/app-state';
import { I18nProvider, type Messages } from '../lib/i18n';
import { loggedOut } from '../lib/store/session-slice';
import { StoreProvider, type AppStore } from '../lib/store/store';

export interface AppProvidersProps {
  store: AppStore;
  api: ApiClient;
  locale: Locale;
  messages: Messages;
  fallback: Record<string, unknown>;
  prefetchErrors: AppState['prefetchErrors'];
  children: ReactNode;
}

function swrConfig(store: AppStore, fallback: Record<string, unknown>): SWRConfiguration {
  return {
    fallback,
    // A cache of this render's (server) or this page's (browser) own, never SWR's module-wide default: on the server
    // that one would outlive the request and be shared by every member's render.
    provider: () => new Map(),
    // The server already loaded this data for the first render; do not ask again right after hydration.
    revalidateIfStale: false,
    onError(error) {
      // A 403 with authentication_required from any call means logged out.
      if (isApiRequestError(error) && error.authenticationRequired) store.dispatch(loggedOut());
    },
    // One retry layer: the BFF's (safe methods only, within a retry budget and a deadline). Retrying here as well
    // multiplied every failing call (up to 36 backend hits for one GET).
    shouldRetryOnError: false,
  };
}

/** Store, API client, messages and SWR cache: all created by the caller per request (server) or page (browser). */
export function AppProviders({ store, api, locale, messages, fallback, prefetchErrors, children }: AppProvidersProps) {
  return (
    <StoreProvider store={store}>
      <ApiProvider client={api}>
        <I18nProvider locale={locale} messages={messages}>
          <SWRConfig value={swrConfig(store, fallback)}>
            <PrefetchErrorsContext.Provider value={prefetchErrors}>
              <HelmetProvider>{children}</HelmetProvider>
            </PrefetchErrorsContext.Provider>
          </SWRConfig>
        </I18nProvider>
      </ApiProvider>
    </StoreProvider>
  );
}
