import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /activate.php with the mailed token. */
export async function activate(api: ApiClient, token: string): Promise<void> {
  await unwrap(api.POST('/activate.php', { body: { token } }));
}
