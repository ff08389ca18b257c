import { isAuthenticationRequired, type ApiClient, type Schemas, type User } from '../../../../shared/api/client';
import { ApiRequestError } from '../../../lib/api-error';

export type NavCounts = Schemas['NavCounts'];

/**
 * GET /user.php: the current user with the navigation counts (unread messages, new likes — one call
 * instead of user + chats + likes), or null when logged out (403 authentication_required).
 */
export async function getSession(api: ApiClient): Promise<{ user: User; counts: NavCounts | null } | null> {
  const { data, error, response } = await api.GET('/user.php', { params: { header: { 'request-type': 'client' } } });
  if (isAuthenticationRequired(response.status, error)) return null;
  if (!response.ok || !data) throw new ApiRequestError(response.status, error);
  // A backend without the counts (an older PHP one) still logs the member in; the badges then wait for the lists.
  return { user: data.user, counts: 'counts' in data && data.counts ? data.counts : null };
}

/** GET /user.php: the current user, or null when logged out (403 authentication_required). */
export async function getUser(api: ApiClient): Promise<User | null> {
  return (await getSession(api))?.user ?? null;
}
