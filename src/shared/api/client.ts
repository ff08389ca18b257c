import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema';

/** The one typed API client: created by createApiClient (create-client.ts), in the browser by lib/browser-api-client.ts. */
export type ApiClient = Client<paths>;
export type { paths, components } from './schema';
export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Settings = Schemas['Settings'];

/** True for the 403 answer that means "logged out". */
export function isAuthenticationRequired(status: number, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && 'authentication_required' in body;
}
