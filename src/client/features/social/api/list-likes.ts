import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { usePollInterval } from '../../../lib/push-state';
import { swrKey } from '../../../lib/swr-key';

export type LikeList = Schemas['LikeList'];

/** SWR key of GET /likes.php. */
export const likesKey = () => swrKey('/likes.php');

export function listLikes(api: ApiClient): Promise<LikeList> {
  return unwrap(api.GET('/likes.php'));
}

/**
 * The member's likes (polled); no request while logged out. `revalidateOnMount: false` (the navigation): the first
 * request waits for the poll, a page that shows the list loads it at once.
 */
export function useLikes(enabled: boolean, options: { revalidateOnMount?: boolean } = {}) {
  const api = useApi();
  const refreshInterval = usePollInterval(enabled);
  return useApiSWR(enabled ? likesKey() : null, () => listLikes(api), { refreshInterval, ...options });
}
