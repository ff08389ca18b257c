import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type ApiClient = Client<paths>;
export type { paths, components } from './schema';
export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Settings = Schemas['Settings'];
export type ApiError = Schemas['Error'];

/**
 * The one typed API client. In the browser `baseUrl` is '/api' (same origin, through the BFF);
 * on the server the BFF hands in a `fetch` that reaches the backend with the visitor's cookies.
 */
export function createApiClient(options: { baseUrl: string; fetch?: typeof fetch; headers?: Record<string, string> }): ApiClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** True for the 403 answer that means "logged out" (SPEC §6/§7). */
export function isAuthenticationRequired(status: number, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && 'authentication_required' in body;
}
