import type { ApiClient } from '../../../../shared/api/client';
import { ApiRequestError } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

/** POST /user.php?push=1: saves the browser's subscription (JSON) for the member, or with false removes his. */
export async function savePushSubscription(api: ApiClient, subscription: string | false): Promise<void> {
  const { error, response } = await api.POST('/user.php', {
    params: { query: { push: 1 }, header: { 'request-type': 'client' } },
    body: { subscription },
  });
  if (!response.ok) throw new ApiRequestError(response.status, error);
}

/** The key of GET /push-settings.php: whether his notifications show the sender and the text (the settings page's loader). */
export const PUSH_PREVIEWS_KEY = swrKey('/push-settings.php');

export async function getPushPreviews(api: ApiClient): Promise<boolean> {
  const { data, error, response } = await api.GET('/push-settings.php');
  if (!response.ok || !data) throw new ApiRequestError(response.status, error);
  return data.previews;
}

export async function putPushPreviews(api: ApiClient, previews: boolean): Promise<boolean> {
  const { data, error, response } = await api.PUT('/push-settings.php', { body: { previews } });
  if (!response.ok || !data) throw new ApiRequestError(response.status, error);
  return data.previews;
}
