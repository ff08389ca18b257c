import { isAuthenticationRequired, type ApiClient, type User } from '../../../../shared/api/client';
import { ApiRequestError } from '../../../lib/api-error';

/** GET /user.php: the current user, or null when logged out (403 authentication_required). */
export async function getUser(api: ApiClient): Promise<User | null> {
  const { data, error, response } = await api.GET('/user.php', { params: { header: { 'request-type': 'client' } } });
  if (isAuthenticationRequired(response.status, error)) return null;
  if (!response.ok || !data) throw new ApiRequestError(response.status, error);
  return data.user;
}
