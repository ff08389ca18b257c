import type { ApiClient, User } from '../../../../shared/api/client';
import { ApiRequestError } from '../../../lib/api-error';

export type LoginResult = { ok: true; user: User } | { ok: false; error: ApiRequestError };

/** POST /user.php with e-mail and password; success sets the auth cookie. */
export async function login(api: ApiClient, credentials: { email: string; password: string }): Promise<LoginResult> {
  const { data, error, response } = await api.POST('/user.php', {
    params: { header: { 'request-type': 'client' } },
    body: credentials,
  });
  if (response.ok && data && 'user' in data) return { ok: true, user: data.user };
  return { ok: false, error: new ApiRequestError(response.status, error) };
}
