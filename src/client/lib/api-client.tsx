import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../../shared/api/client';

const ApiContext = createContext<ApiClient | null>(null);

/** Hands the per-request (server) or per-page (browser) typed API client to the tree. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() needs an <ApiProvider>');
  return client;
}
