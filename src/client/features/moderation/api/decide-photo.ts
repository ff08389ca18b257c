import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type Decision = Schemas['ModerationDecision']['decision'];

/** PUT /moderation.php: approve or reject one pending photo (moderators only). */
export async function decidePhoto(api: ApiClient, photo: number, decision: Decision): Promise<void> {
  await unwrap(api.PUT('/moderation.php', { body: { photo, decision } }));
}
