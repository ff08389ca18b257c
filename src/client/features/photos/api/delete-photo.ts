import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { MyPhotos } from './upload-photo';

/** DELETE /photos.php: delete one of the member's own photos. */
export function deletePhoto(api: ApiClient, id: number): Promise<MyPhotos> {
  return unwrap(api.DELETE('/photos.php', { body: { id } }));
}
