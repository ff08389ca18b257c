import { TIME_BONUS_WINDOW_SECONDS } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/**
 * Discount codes at checkout (a code, the time bonus, their validation): the rules of one code for one order, the
 * price after it, and its redemption by a payment — in the payment's transaction, so a single-use code redeemed twice
 * in parallel is redeemed once — and its release when that payment fails, is canceled or expires.
 */

export interface CheckoutDiscount {
  id: number;
  code: string;
  percentage: number;
  validity: 'once' | 'once-per-user' | 'unlimited';
  /** The payment methods the code is valid for; empty: every method. */
  paymentmethods: string[];
}

export interface Order {
  userId: number;
  siteId: number;
  country: string;
  currency: string;
  /** List price of the bundle, minor units. */
  listPriceMinor: number;
  /** The method chosen, or undefined while only showing prices. */
  method?: string | undefined;
}

/** Percentage in basis points (25.5 % → 2550), so the price maths stay in integers. */
const basisPoints = (percentage: number) => Math.round(percentage * 100);

/** The discount on a list price, rounded half up to the minor unit; never the whole price. */
export function discountMinor(listPriceMinor: number, percentage: number): number {
  const off = Math.floor((listPriceMinor * basisPoints(percentage) + 5000) / 10000);
  return Math.min(off, listPriceMinor - 1);
}

const notApplicable = (rule: string, extra: Record<string, unknown> = {}) =>
  new AppError(422, 'code_not_applicable', { params: { field: 'discount_code', rule, ...extra } });

/**
 * Checks `code` against the order: 404 `code_not_found` (unknown, inactive, another site's or member's code),
 * 409 `code_used`, 422 `code_expired`, 422 `code_not_applicable` with `params.rule` (country, currency,
 * minimum_order_value, paymentmethods, time_bonus).
 */
export async function evaluateCode(db: Db, code: string, order: Order): Promise<CheckoutDiscount> {
  const row = await repo.findCode(db, { code: code.trim(), siteId: order.siteId, userId: order.userId });
  if (!row || row.status === 'inactive') throw new AppError(404, 'code_not_found');
  const used =
    row.status === 'used' || (row.validity === 'once' && row.used_by_anyone) || (row.validity === 'once-per-user' && row.used_by_user);
  if (used) throw new AppError(409, 'code_used');
  if (row.expired) throw new AppError(422, 'code_expired');
  if (row.kind === 'time_bonus') {
    const state = await repo.findWelcomeState(db, order.userId);
    if (!state || state.paid_user || state.seconds_since_signup >= TIME_BONUS_WINDOW_SECONDS) throw new AppError(422, 'code_expired');
  }
  if (row.kind === 'welcome') {
    const state = await repo.findWelcomeState(db, order.userId);
    if (!state || state.paid_user) throw notApplicable('new_members');
  }
  if (row.country && row.country.trim() !== order.country) throw notApplicable('country', { country: row.country.trim() });
  if (row.currency && row.currency.trim() !== order.currency) throw notApplicable('currency', { currency: row.currency.trim() });
  if (row.minimum_order_value !== null && order.listPriceMinor < row.minimum_order_value) {
    throw notApplicable('minimum_order_value', { minimum_order_value: row.minimum_order_value });
  }
  if (order.method && row.paymentmethods.length > 0 && !row.paymentmethods.includes(order.method)) {
    throw notApplicable('paymentmethods', { paymentmethods: row.paymentmethods.join(', ') });
  }
  return {
    id: row.id,
    code: row.code,
    percentage: Number(row.value_percentage),
    validity: row.validity,
    paymentmethods: row.paymentmethods,
  };
}

/**
 * Redeems the code for a payment inside its transaction. A single-use code flips to `used` with a guarded update and
 * a per-member code gets its one use row, so of two parallel checkouts with one code exactly one passes.
 */
export async function redeem(tx: Db, d: CheckoutDiscount, userId: number, paymentId: string | number): Promise<void> {
  if (d.validity === 'once') {
    if (!(await repo.markCodeUsed(tx, d.id))) throw new AppError(409, 'code_used');
  }
  if (d.validity === 'unlimited') return;
  if (!(await repo.insertCodeUse(tx, d.id, userId, paymentId))) throw new AppError(409, 'code_used');
}

/** Gives a payment's redemption back (the payment failed, was canceled or expired): the member may use it again. */
export async function release(tx: Db, paymentId: string | number): Promise<void> {
  const rows = await repo.deleteCodeUses(tx, paymentId);
  for (const r of rows) await repo.reactivateSingleUseCode(tx, r.discount_code_id);
}
