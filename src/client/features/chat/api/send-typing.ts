import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** Tells the other member that the member types (never stored). */
export function sendTyping(api: ApiClient, conversation: number): Promise<unknown> {
  return unwrap(api.POST('/typing.php', { body: { conversation } }));
}
