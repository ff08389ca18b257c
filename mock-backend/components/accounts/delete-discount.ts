import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './repository';

/** Days the member's delete discount stays valid after he claims it. */
const DELETE_DISCOUNT_DAYS = 30;

/**
 * A member about to delete his account because it is too expensive may stay with the company's `delete_discount`
 * off his next purchase: his own code `STAY-<id>`, once, valid DELETE_DISCOUNT_DAYS, on his site. It is an ordinary
 * discount code, so the checkout prices and redeems it like any other. Created once (the code is unique); asking
 * again answers the same code; 404 when the site offers none, 409 `code_used` once he has used it.
 */
export async function claimDeleteDiscount(db: Db, site: Site, viewer: Viewer): Promise<Schemas['DiscountCode']> {
  const percentage = Number((await repo.deleteDiscountOf(db, site.company_id)) ?? 0);
  if (!(percentage > 0)) throw notFound();
  const code = `STAY-${viewer.userId}`;
  await repo.insertDeleteDiscount(db, { code, siteId: site.id, userId: viewer.userId, percentage, days: DELETE_DISCOUNT_DAYS });
  const row = await repo.memberCode(db, code, viewer.userId);
  if (!row || row.status === 'inactive') throw notFound();
  if (row.used || row.status === 'used') throw new AppError(409, 'code_used');
  return {
    code: row.code,
    country: null,
    user_id: viewer.userId,
    expires: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    value_percentage: Number(row.value_percentage),
    currency: null,
    minimum_order_value: null,
    status: row.status,
    validity: 'once-per-user',
    expired: row.expired,
    paymentmethods: [],
  };
}
