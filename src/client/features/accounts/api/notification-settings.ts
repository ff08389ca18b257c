import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

export type NotificationSettings = Schemas['NotificationSettings'];

export const notificationSettingsKey = () => swrKey('/notifications.php');

/** GET /notifications.php: e-mail kinds on/off and why e-mail may be disabled. */
export async function getNotificationSettings(api: ApiClient): Promise<NotificationSettings> {
  return unwrap(api.GET('/notifications.php'));
}
