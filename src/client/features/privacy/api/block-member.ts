import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /block.php: block a member (removes chats and likes between the two). */
export async function blockMember(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.POST('/block.php', { body: { id } }));
}
