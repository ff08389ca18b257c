import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_SECONDS, WELCOME_DISCOUNT_PERCENT } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { checkCodeFree } from './discounts';
import * as repo from './repository';

function toDiscount(row: repo.DiscountRow, expires: Date | null, expired: boolean): Schemas['DiscountCode'] {
  return {
    code: row.code,
    country: row.country,
    user_id: row.user_id,
    expires: expires ? expires.toISOString() : null,
    value_percentage: Number(row.value_percentage),
    currency: row.currency,
    minimum_order_value: row.minimum_order_value,
    status: row.status,
    validity: row.validity,
    expired,
    paymentmethods: row.paymentmethods,
  };
}

/** Days after signup during which an unpaid member keeps his own welcome code once the time bonus is over. */
const WELCOME_CODE_DAYS = 7;

/**
 * The member's active discount: the time bonus TIMEBONUS25 while an unpaid member is inside the 4 hours
 * after signup; after that his own welcome code (25 %, once, until WELCOME_CODE_DAYS after signup), made on first ask.
 * A discount his own unpaid order reserves is still his (it comes back when that order does not complete), so it is
 * answered as his active discount; the prices with it then say it is reserved (409 `code_reserved`). Only a
 * completed payment uses it up. Moderators and admins work the site and are not its customers: they have no welcome
 * discount (404, like a member past it).
 */
async function welcomeCode(db: Db, siteId: number, userId: number): Promise<Schemas['DiscountCode']> {
  const state = await repo.findWelcomeState(db, userId);
  if (!state || state.paid_user || state.staff) throw notFound();
  if (state.seconds_since_signup < TIME_BONUS_WINDOW_SECONDS) {
    const row = await repo.findCode(db, { code: TIME_BONUS_CODE, siteId, userId });
    if (row && row.status === 'active' && !row.spent_by_user) {
      const expires = new Date(new Date(state.signup_date).getTime() + TIME_BONUS_WINDOW_SECONDS * 1000);
      return toDiscount(row, expires, false);
    }
  }
  // The time bonus is over, but an unpaid order of the member still holds it: that order keeps his discount.
  const bonus = await repo.findCode(db, { code: TIME_BONUS_CODE, siteId, userId });
  if (bonus && bonus.reserved_by !== null) return toDiscount(bonus, null, false);
  if (state.seconds_since_signup >= WELCOME_CODE_DAYS * 86_400) throw notFound();
  const code = await repo.ensureWelcomeCode(db, { userId, siteId, percentage: WELCOME_DISCOUNT_PERCENT, days: WELCOME_CODE_DAYS });
  const row = await repo.findCode(db, { code, siteId, userId });
  if (!row || row.status !== 'active' || row.spent_by_user || row.expired) throw notFound();
  return toDiscount(row, row.expires_at ? new Date(row.expires_at) : null, false);
}

async function lookupCode(db: Db, siteId: number, userId: number, code: string): Promise<Schemas['DiscountCode']> {
  const row = await repo.findCode(db, { code: code.trim(), siteId, userId });
  if (!row || row.status === 'inactive') throw new AppError(404, 'code_not_found');
  checkCodeFree(row);
  return toDiscount(row, row.expires_at ? new Date(row.expires_at) : null, row.expired);
}

export async function getDiscountCode(
  db: Db,
  q: { siteId: number; userId: number; welcome?: string | undefined; code?: string | undefined },
): Promise<Schemas['DiscountCode']> {
  if (q.welcome === 'true') return welcomeCode(db, q.siteId, q.userId);
  if (q.code) return lookupCode(db, q.siteId, q.userId, q.code);
  throw badRequest({ field: 'code' });
}
