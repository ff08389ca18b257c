import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /signup.php: creates the account (logged in, not yet activated); the same answer for a known address. */
export async function signup(api: ApiClient, body: Schemas['SignupRequest']): Promise<void> {
  await unwrap(api.POST('/signup.php', { body }));
}
