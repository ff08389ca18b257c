import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /location.php: the server keeps only the 0.05° grid cell of this position. */
export async function saveLocation(api: ApiClient, position: { lat: number; lon: number }): Promise<void> {
  await unwrap(api.PUT('/location.php', { body: position }));
}

/** DELETE /location.php: forget the stored position. */
export async function forgetLocation(api: ApiClient): Promise<void> {
  await unwrap(api.DELETE('/location.php'));
}
