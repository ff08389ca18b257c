import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { POLL_INTERVAL_MS } from '../../../../shared/constants';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';

export type ChatList = Schemas['ChatList'];

/** SWR key of GET /chats.php. */
export const chatsKey = () => '/chats.php';

export function listChats(api: ApiClient): Promise<ChatList> {
  return unwrap(api.GET('/chats.php'));
}

/** The member's chats (polled); no request while logged out. */
export function useChats(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? chatsKey() : null, () => listChats(api), { refreshInterval: POLL_INTERVAL_MS });
}
