import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { POLL_INTERVAL_MS } from '../../../../shared/constants';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';

export type LikeList = Schemas['LikeList'];

/** SWR key of GET /likes.php. */
export const likesKey = () => '/likes.php';

export function listLikes(api: ApiClient): Promise<LikeList> {
  return unwrap(api.GET('/likes.php'));
}

/**
 * The member's likes (polled); no request while logged out. `revalidateOnMount: false` (the navigation): the first
 * request waits for the poll, a page that shows the list loads it at once.
 */
export function useLikes(enabled: boolean, options: { revalidateOnMount?: boolean } = {}) {
  const api = useApi();
  return useApiSWR(enabled ? likesKey() : null, () => listLikes(api), { refreshInterval: POLL_INTERVAL_MS, ...options });
}
