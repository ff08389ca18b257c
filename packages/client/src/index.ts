import type { Client } from 'openapi-fetch';
import { createContractClient, type ContractClientOptions } from './core.js';
import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations.js';
import type { components, paths } from './generated/schema.js';

/**
 * The site's typed API client: openapi-fetch over the types generated from the site's openapi.yaml (generated/, made
 * by the package's build), with an `Idempotency-Key` on every write that honours one and retries where repeating is
 * harmless (core.ts has the rules).
 */

export type ManmatchClient = Client<paths>;
export type ManmatchClientOptions = ContractClientOptions;
export type { components, operations, paths } from './generated/schema.js';
export type Schemas = components['schemas'];
/** Every error answer's body: `{ error: { code, message, params? } }` (a 403 "logged out" adds `authentication_required`). */
export type ApiError = Schemas['Error'];
export { DEFAULT_RETRY, RETRY_STATUSES, type Fetch, type RetryOptions } from './core.js';
export { IDEMPOTENT_OPERATIONS };

export function createManmatchClient(options: ManmatchClientOptions): ManmatchClient {
  return createContractClient<paths>(options, IDEMPOTENT_OPERATIONS);
}

/** True for the 403 answer that means "logged out" (no session, or it ended). */
export function isAuthenticationRequired(status: number, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && 'authentication_required' in body;
}
