import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /delete-discount.php: the member stays and gets his own code for the company's delete_discount. */
export function claimDeleteDiscount(api: ApiClient): Promise<Schemas['DiscountCode']> {
  return unwrap(api.POST('/delete-discount.php'));
}
