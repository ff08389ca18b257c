import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type ProfileDetail = Schemas['ProfileDetail'];

/** SWR key of GET /profile.php?id=… */
export const profileKey = (id: number) => swrKey('/profile.php', { id });

export async function getProfile(api: ApiClient, id: number): Promise<ProfileDetail> {
  const data = await unwrap(api.GET('/profile.php', { params: { query: { id } } }));
  return data.profile;
}

export function useProfile(id: number | null) {
  const api = useApi();
  return useApiSWR(id ? profileKey(id) : null, () => getProfile(api, id ?? 0));
}

/** A route's `:id` as a positive integer, or null. */
export function parseProfileId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
