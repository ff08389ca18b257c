import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type ModerationQueue = Schemas['ModerationQueue'];
export type PendingPhoto = Schemas['PendingPhoto'];
export const MODERATION_QUEUE_KEY = swrKey('/moderation.php');

/** GET /moderation.php: the first page of the site's pending photos, oldest first (moderators only). */
export function listPendingPhotos(api: ApiClient): Promise<ModerationQueue> {
  return unwrap(api.GET('/moderation.php'));
}

export function usePendingPhotos(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? MODERATION_QUEUE_KEY : null, () => listPendingPhotos(api));
}
