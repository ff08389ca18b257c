import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** GET /logout.php: ends the session and clears the auth cookie. */
export async function logout(api: ApiClient): Promise<void> {
  await unwrap(api.GET('/logout.php'));
}
