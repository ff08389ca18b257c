import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type CreditPackages = Schemas['CreditPackages'];
export type CreditPackage = Schemas['CreditPackage'];
export type PaymentMethodOption = Schemas['PaymentMethodOption'];

const packagesQuery = (discountCode: string | null, country: string | null) => ({
  ...(discountCode ? { discount_code: discountCode } : {}),
  ...(country ? { country } : {}),
});

export const creditPackagesKey = (discountCode: string | null, country: string | null = null) =>
  swrKey('/credit-packages.php', packagesQuery(discountCode, country));

/** GET /credit-packages.php: bundles in the country's currency (discount applied) and the methods offered there. */
export function listCreditPackages(api: ApiClient, discountCode: string | null, country: string | null = null): Promise<CreditPackages> {
  return unwrap(api.GET('/credit-packages.php', { params: { query: packagesQuery(discountCode, country) } }));
}

export function useCreditPackages(discountCode: string | null, country: string | null = null, enabled = true) {
  const api = useApi();
  return useApiSWR(enabled ? creditPackagesKey(discountCode, country) : null, () => listCreditPackages(api, discountCode, country), {
    shouldRetryOnError: false,
  });
}
