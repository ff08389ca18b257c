import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type MyProfile = Schemas['MyProfile'];
export const MY_PROFILE_KEY = swrKey('/my-profile.php');

export async function getMyProfile(api: ApiClient): Promise<MyProfile> {
  return (await unwrap(api.GET('/my-profile.php'))).profile;
}

export function useMyProfile(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? MY_PROFILE_KEY : null, () => getMyProfile(api));
}
