import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { MyPhotos } from './upload-photo';

/** PUT /photo-private.php: put one of the member's own photos into his private album, or take it out. */
export function setPhotoPrivate(api: ApiClient, id: number, isPrivate: boolean): Promise<MyPhotos> {
  return unwrap(api.PUT('/photo-private.php', { body: { id, private: isPrivate } }));
}
