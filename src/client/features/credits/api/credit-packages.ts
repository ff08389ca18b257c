import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';

export type CreditPackages = Schemas['CreditPackages'];
export type CreditPackage = Schemas['CreditPackage'];
export type PaymentMethodOption = Schemas['PaymentMethodOption'];

export const creditPackagesKey = (discountCode: string | null, country: string | null = null) =>
  `/credit-packages.php?country=${country ?? ''}&discount_code=${discountCode ?? ''}`;

/** GET /credit-packages.php: bundles in the country's currency (discount applied) and the methods offered there. */
export function listCreditPackages(api: ApiClient, discountCode: string | null, country: string | null = null): Promise<CreditPackages> {
  return unwrap(
    api.GET('/credit-packages.php', {
      params: { query: { ...(discountCode ? { discount_code: discountCode } : {}), ...(country ? { country } : {}) } },
    }),
  );
}

export function useCreditPackages(discountCode: string | null, country: string | null = null, enabled = true) {
  const api = useApi();
  return useApiSWR(enabled ? creditPackagesKey(discountCode, country) : null, () => listCreditPackages(api, discountCode, country), {
    shouldRetryOnError: false,
  });
}
