import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

export type CompanyInfo = Schemas['CompanyInfo'];

/** The key of GET /companyinfo.php in a page's loader data (the info pages, the settings). */
export const companyInfoKey = () => swrKey('/companyinfo.php');

export async function getCompanyInfo(api: ApiClient): Promise<CompanyInfo> {
  return unwrap(api.GET('/companyinfo.php'));
}
