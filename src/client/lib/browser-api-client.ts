import type { Middleware } from 'openapi-fetch';
import type { ApiClient, paths } from '../../shared/api/client';
import type * as OpenapiClient from './openapi-client';

type ClientModule = typeof OpenapiClient;

/** The module of openapi-fetch's chunk, as the BFF's manifest map names it (the server preloads it for members). */
export const API_CLIENT_MODULE = 'src/client/lib/openapi-client';

/** The browser's client, with `ready()`: loads its code ahead of the first call (a member's page, before hydrating). */
export type BrowserApiClient = ApiClient & { ready(): Promise<void> };

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'request'] as const;

/**
 * The browser's typed API client: the same openapi-fetch client as everywhere (shared/api/client.ts), but
 * its code loads with the first call, not in every page's entry — a first visit renders from the server's data and
 * may never call the API. Each method waits for the module and then calls the real client; a module that fails to
 * load fails that call (and is tried again by the next), and reloads the page at most once per 60 s like any chunk
 * (lib/chunk-reload.ts). A member's page, whose parts call the API right away, loads it before hydrating (`ready`),
 * so those calls go out as early as they did with the client in the entry.
 */
export function createBrowserApiClient(
  options: { baseUrl: string; fetch?: typeof fetch },
  load: () => Promise<ClientModule | undefined> = () => import('./openapi-client'),
): BrowserApiClient {
  let client: Promise<ApiClient> | null = null;
  const create = async (): Promise<ApiClient> => {
    const module = await load();
    // Vite resolves a failed chunk to undefined once its preload-error handler took over (the page reloads).
    if (!module) throw new Error('Failed to fetch dynamically imported module: openapi-fetch');
    return module.createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  };
  const ready = (): Promise<ApiClient> =>
    (client ??= create().catch((error: unknown) => {
      client = null; // the next call tries again
      throw error;
    }));
  const lazy: Record<string, unknown> = {};
  for (const method of METHODS) {
    lazy[method] = async (...args: unknown[]) => {
      const real = (await ready()) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return real[method]?.(...args);
    };
  }
  // Middleware (the site registers none) applies once the client is there; a failed load fails the calls, not this.
  lazy.use = (...middleware: Middleware[]) =>
    void ready().then(
      (real) => real.use(...middleware),
      () => undefined,
    );
  lazy.eject = (...middleware: Middleware[]) =>
    void ready().then(
      (real) => real.eject(...middleware),
      () => undefined,
    );
  lazy.ready = async () => {
    await ready();
  };
  return lazy as unknown as BrowserApiClient;
}
