import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { SentMessage } from './send-message';

/**
 * POST /photo-message.php (multipart: `photo`, `profile_id`, optional `text`) with the attempt's Idempotency-Key,
 * so a retried upload sends and charges once.
 */
export function sendPhotoMessage(
  api: ApiClient,
  body: { profile_id: number; text: string; photo: Blob; filename: string },
  idempotencyKey: string,
): Promise<SentMessage> {
  const form = new FormData();
  form.append('profile_id', String(body.profile_id));
  if (body.text !== '') form.append('text', body.text);
  form.append('photo', body.photo, body.filename);
  return unwrap(
    api.POST('/photo-message.php', {
      body: form as unknown as { photo: string; profile_id: string },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}
