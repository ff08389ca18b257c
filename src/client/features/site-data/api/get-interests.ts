import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type Interest = Schemas['Interest'];
export const INTERESTS_KEY = swrKey('/interests.php');

export async function getInterests(api: ApiClient): Promise<Interest[]> {
  return (await unwrap(api.GET('/interests.php'))).interests;
}

/** The interest tags, loaded once and cached. */
export function useInterests() {
  const api = useApi();
  return useApiSWR(INTERESTS_KEY, () => getInterests(api), { revalidateOnFocus: false, revalidateIfStale: false });
}
