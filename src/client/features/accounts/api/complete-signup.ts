import type { ApiClient, Schemas, User } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /signup.php: name, date of birth and about me for an account that began with a message. */
export async function completeSignup(api: ApiClient, body: Schemas['CompleteSignupRequest']): Promise<User> {
  return (await unwrap(api.PUT('/signup.php', { body }))).user;
}
