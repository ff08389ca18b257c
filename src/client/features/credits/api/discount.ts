import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type DiscountCode = Schemas['DiscountCode'];

export const WELCOME_CODE_KEY = swrKey('/discountcode.php', { welcome: 'true' });

/** GET /discountcode.php?welcome=true: the member's active welcome discount; a failure means none (ignored). */
export async function getWelcomeCode(api: ApiClient): Promise<DiscountCode | null> {
  const { data, response } = await api.GET('/discountcode.php', { params: { query: { welcome: 'true' } } });
  return response.ok && data ? data : null;
}

/** The active discount for an unpaid member: the time bonus while it runs, otherwise the welcome code. */
export function useActiveDiscount(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? WELCOME_CODE_KEY : null, () => getWelcomeCode(api));
}
