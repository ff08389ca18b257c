import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** Moves the member's read marker of a conversation up to `seq` (the other member sees his messages read). */
export function markRead(api: ApiClient, conversation: number, seq: number): Promise<unknown> {
  return unwrap(api.POST('/conversation-read.php', { body: { conversation, seq } }));
}
