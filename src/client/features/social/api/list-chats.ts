import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { usePollInterval } from '../../../lib/push-state';
import { swrKey } from '../../../lib/swr-key';

export type ChatList = Schemas['ChatList'];

/** SWR key of GET /chats.php. */
export const chatsKey = () => swrKey('/chats.php');

export function listChats(api: ApiClient): Promise<ChatList> {
  return unwrap(api.GET('/chats.php'));
}

/**
 * The member's chats (polled); no request while logged out. `revalidateOnMount: false` (the navigation): the first
 * request waits for the poll, a page that shows the list loads it at once.
 */
export function useChats(enabled: boolean, options: { revalidateOnMount?: boolean } = {}) {
  const api = useApi();
  const refreshInterval = usePollInterval(enabled);
  return useApiSWR(enabled ? chatsKey() : null, () => listChats(api), { refreshInterval, ...options });
}
