import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

export type MyPhotos = Schemas['MyPhotos'];
export type OwnImage = Schemas['OwnImage'];

/**
 * POST /photos.php (multipart, field `photo`); the server checks, re-encodes and stores it. Each upload carries an
 * Idempotency-Key (the attempt's, else a new one), so a retried upload stores the photo once.
 */
export function uploadPhoto(api: ApiClient, file: Blob, filename: string, idempotencyKey = newIdempotencyKey()): Promise<MyPhotos> {
  const form = new FormData();
  form.append('photo', file, filename);
  return unwrap(
    api.POST('/photos.php', { body: form as unknown as { photo: string }, params: { header: { 'Idempotency-Key': idempotencyKey } } }),
  );
}
