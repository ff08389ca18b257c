import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** DELETE /chat.php: removes the conversation from the member's list. */
export function deleteChat(api: ApiClient, conversation: number): Promise<unknown> {
  return unwrap(api.DELETE('/chat.php', { body: { conversation } }));
}
