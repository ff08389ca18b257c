import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { MyPhotos } from './upload-photo';

/** PUT /photos.php: make one of the member's own photos the main photo. */
export function setMainPhoto(api: ApiClient, id: number): Promise<MyPhotos> {
  return unwrap(api.PUT('/photos.php', { body: { id } }));
}
