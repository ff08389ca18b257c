import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type CompanyInfo = Schemas['CompanyInfo'];

/** SWR key of GET /companyinfo.php (loaded once and cached). */
export const companyInfoKey = () => swrKey('/companyinfo.php');

export async function getCompanyInfo(api: ApiClient): Promise<CompanyInfo> {
  return unwrap(api.GET('/companyinfo.php'));
}

export function useCompanyInfo() {
  const api = useApi();
  return useApiSWR(companyInfoKey(), () => getCompanyInfo(api), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: 3_600_000,
  });
}
