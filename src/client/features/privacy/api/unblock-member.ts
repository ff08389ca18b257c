import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** DELETE /block.php: undo a block. */
export async function unblockMember(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.DELETE('/block.php', { body: { id } }));
}
