import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /activation-mail.php: the activation mail once more (at most once a minute). */
export async function resendActivation(api: ApiClient): Promise<void> {
  await unwrap(api.POST('/activation-mail.php', { body: {} }));
}
