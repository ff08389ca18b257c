import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_SECONDS } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
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

/** The time-bonus code while an unpaid member is inside the window after signup (SPEC §4, §9). */
export async function welcomeCode(db: Db, siteId: number, userId: number): Promise<Schemas['DiscountCode']> {
  const state = await repo.findWelcomeState(db, userId);
  if (!state || state.paid_user || state.seconds_since_signup >= TIME_BONUS_WINDOW_SECONDS) throw notFound();
  const row = await repo.findCode(db, { code: TIME_BONUS_CODE, siteId, userId });
  if (!row || row.status !== 'active' || row.used_by_user) throw notFound();
  const expires = new Date(new Date(state.signup_date).getTime() + TIME_BONUS_WINDOW_SECONDS * 1000);
  return toDiscount(row, expires, false);
}

export async function lookupCode(db: Db, siteId: number, userId: number, code: string): Promise<Schemas['DiscountCode']> {
  const row = await repo.findCode(db, { code: code.trim(), siteId, userId });
  if (!row || row.status === 'inactive') throw new AppError(404, 'code_not_found');
  const used =
    row.status === 'used' ||
    (row.validity === 'once' && row.used_by_anyone) ||
    (row.validity === 'once-per-user' && row.used_by_user);
  if (used) throw new AppError(409, 'code_used');
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
