import createClient from 'openapi-fetch';
import type { ApiClient, paths } from './client';

/**
 * The one typed API client: on the server the BFF hands in a `fetch` that reaches the backend with the visitor's
 * cookies. The browser's (`baseUrl` '/api', same origin through the BFF) is lib/browser-api-client.ts, which loads
 * openapi-fetch with its first call; this module stays out of the browser's entry for that reason.
 */
export function createApiClient(options: { baseUrl: string; fetch?: typeof fetch; headers?: Record<string, string> }): ApiClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}
