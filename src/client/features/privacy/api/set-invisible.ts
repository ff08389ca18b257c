import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /invisible.php: invisible mode on or off; answers the new state. */
export async function setInvisible(api: ApiClient, invisible: boolean): Promise<boolean> {
  return (await unwrap(api.PUT('/invisible.php', { body: { invisible } }))).invisible;
}
