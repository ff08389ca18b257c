import type { ApiClient, User } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /login-link.php: mails a single-use sign-in link when the address has an account (the answer never tells). */
export async function requestLoginLink(api: ApiClient, email: string): Promise<void> {
  await unwrap(api.POST('/login-link.php', { body: { email } }));
}

/** PUT /login-link.php: spends the mailed link's token; sets the session and device cookies of this browser. */
export async function loginWithLink(api: ApiClient, token: string): Promise<User> {
  return (await unwrap(api.PUT('/login-link.php', { body: { token } }))).user;
}
