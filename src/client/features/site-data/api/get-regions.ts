import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type Region = Schemas['Region'];

export const regionsKey = (country: string) => swrKey('/regions.php', { country });

export async function getRegions(api: ApiClient, country: string): Promise<Region[]> {
  return (await unwrap(api.GET('/regions.php', { params: { query: { country } } }))).regions;
}

/** Regions of one country, loaded once and cached. */
export function useRegions(country: string | null | undefined) {
  const api = useApi();
  return useApiSWR(country ? regionsKey(country) : null, () => getRegions(api, country ?? ''), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}
