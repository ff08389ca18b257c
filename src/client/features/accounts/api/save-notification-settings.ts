import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /notifications.php: switches e-mail notification kinds on or off. */
export async function saveNotificationSettings(api: ApiClient, mail: Schemas['MailKinds']): Promise<Schemas['NotificationSettings']> {
  return unwrap(api.PUT('/notifications.php', { body: { mail } }));
}
