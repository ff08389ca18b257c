import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /reset-password.php: mails a link when the address has an account (the answer never tells). */
export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await unwrap(api.POST('/reset-password.php', { body: { email } }));
}
