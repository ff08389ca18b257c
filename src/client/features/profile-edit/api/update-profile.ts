import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { MyProfile } from './get-my-profile';

export type ProfileUpdate = Schemas['ProfileUpdate'];

/** PUT /profile.php: the server validates every field (422 with `params.field`). */
export async function updateProfile(api: ApiClient, changes: ProfileUpdate): Promise<MyProfile> {
  return (await unwrap(api.PUT('/profile.php', { body: changes }))).profile;
}
