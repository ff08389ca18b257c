import type { ReactNode } from 'react';
import type { ApiClient } from '../../shared/api/client';
import type { Locale } from '../../shared/locales';
import { ApiProvider } from '../lib/api-client';
import { I18nProvider, type Messages } from '../lib/i18n';
import { StoreProvider, type AppStore } from '../lib/store/store';

export interface AppProvidersProps {
  store: AppStore;
  api: ApiClient;
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}

/** Store, API client and messages: all created by the caller per request (server) or page (browser). */
export function AppProviders({ store, api, locale, messages, children }: AppProvidersProps) {
  return (
    <StoreProvider store={store}>
      <ApiProvider client={api}>
        <I18nProvider locale={locale} messages={messages}>
          {/* The pages' data comes with each route's loader data (page-route.tsx); live resources (lib/api-swr.ts) load
              SWR with the pages and member parts that use them, so no SWR provider rides in every page's entry. */}
          {children}
        </I18nProvider>
      </ApiProvider>
    </StoreProvider>
  );
}
