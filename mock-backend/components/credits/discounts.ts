import { TIME_BONUS_WINDOW_SECONDS } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/**
 * Discount codes at checkout (a code, the time bonus, their validation): the rules of one code for one order, the
 * price after it, and its redemption by a payment. A discount is spent only by a payment that completes: the payment's
 * transaction reserves it (so a single-use or once-per-member code taken by two checkouts in parallel goes to one),
 * the payment's completion spends it, and a payment that fails, is cancelled or expires gives it back at once.
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

/** 409 `code_reserved`: the member's own payment, not completed yet, holds the code (`params.payment_id`). */
const reservedFor = (code: string, paymentId: string | number) =>
  new AppError(409, 'code_reserved', { params: { field: 'discount_code', code, payment_id: Number(paymentId) } });
/** 409 `code_reserved_elsewhere`: another member's payment, not completed yet, holds a single-use code. */
const reservedElsewhere = () => new AppError(409, 'code_reserved_elsewhere', { params: { field: 'discount_code' } });

/**
 * Whether the member may take the code now, by what completed payments spent and open ones reserve: 409 `code_used`
 * only when a completed payment used it; 409 `code_reserved` while his own unpaid order holds it (he pays or cancels
 * that order, or it expires); 409 `code_reserved_elsewhere` while another member's unpaid order holds a single-use
 * code. Shared by the checkout and the code's lookup.
 */
export function checkCodeFree(row: repo.DiscountRow): void {
  if (row.validity === 'unlimited') return;
  if (row.reserved_by !== null) throw reservedFor(row.code, row.reserved_by);
  if (row.validity === 'once-per-user' && row.spent_by_user) throw new AppError(409, 'code_used');
  if (row.validity === 'once') {
    if (row.spent_by_anyone) throw new AppError(409, 'code_used');
    if (row.reserved_by_other) throw reservedElsewhere();
    // Flipped to used without a use kept for it (a code used before payments kept their uses).
    if (row.status === 'used') throw new AppError(409, 'code_used');
  }
}

/**
 * Checks `code` against the order: 404 `code_not_found` (unknown, inactive, another site's or member's code),
 * 409 `code_used`, `code_reserved` or `code_reserved_elsewhere` (checkCodeFree), 422 `code_expired`, 422
 * `code_not_applicable` with `params.rule` (country, currency, minimum_order_value, paymentmethods, time_bonus).
 */
export async function evaluateCode(db: Db, code: string, order: Order): Promise<CheckoutDiscount> {
  const row = await repo.findCode(db, { code: code.trim(), siteId: order.siteId, userId: order.userId });
  if (!row || row.status === 'inactive') throw new AppError(404, 'code_not_found');
  checkCodeFree(row);
  if (row.expired) throw new AppError(422, 'code_expired');
  if (row.kind === 'time_bonus' || row.kind === 'welcome') {
    const state = await repo.findWelcomeState(db, order.userId);
    // The welcome discounts are for new customers: never for moderators and admins, who work the site.
    if (state?.staff) throw notApplicable('new_members');
    if (row.kind === 'time_bonus' && (!state || state.paid_user || state.seconds_since_signup >= TIME_BONUS_WINDOW_SECONDS))
      throw new AppError(422, 'code_expired');
    if (row.kind === 'welcome' && (!state || state.paid_user)) throw notApplicable('new_members');
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

/** Why the code could not be taken for the payment: whoever holds it, as checkCodeFree names it. */
async function takenBy(tx: Db, code: string, codeId: number, userId: number): Promise<AppError> {
  const holder = await repo.codeHolder(tx, codeId, userId);
  if (!holder || !holder.reserved) return new AppError(409, 'code_used');
  if (holder.user_id === userId && holder.payment_id !== null) return reservedFor(code, holder.payment_id);
  return reservedElsewhere();
}

/**
 * Reserves the code for a payment inside its transaction. A single-use code flips to `used` with a guarded update and
 * a per-member code gets its one use row (reserved until the payment completes), so of two parallel checkouts with one
 * code exactly one passes.
 */
export async function redeem(tx: Db, d: CheckoutDiscount, userId: number, paymentId: string | number): Promise<void> {
  if (d.validity === 'once') {
    if (!(await repo.markCodeUsed(tx, d.id))) throw await takenBy(tx, d.code, d.id, userId);
  }
  if (d.validity === 'unlimited') return;
  if (!(await repo.insertCodeUse(tx, d.id, userId, paymentId))) throw await takenBy(tx, d.code, d.id, userId);
}

/**
 * The payment completed: its discount is spent, in the transaction that credits it. A payment that completes after
 * it was closed here (paid at the provider after its deadline) gave its discount back then; it is taken again as a
 * use now, since the member paid the discounted price. Answers false when it could not be taken again (the member
 * or, for a single-use code, somebody else holds it meanwhile): the caller logs it; the payment is credited all the
 * same.
 */
export async function spendDiscount(tx: Db, p: { paymentId: string | number; codeId: number | null; userId: number }): Promise<boolean> {
  if (p.codeId === null || (await repo.spendCodeUse(tx, p.paymentId))) return true;
  const code = await repo.codeValidity(tx, p.codeId);
  if (!code || code.validity === 'unlimited') return true;
  if (code.validity === 'once' && !(await repo.markCodeUsed(tx, p.codeId))) return false;
  return repo.insertCodeUse(tx, p.codeId, p.userId, p.paymentId, false);
}

/** Gives a payment's reservation back (the payment failed, was cancelled or expired): the member may use it again. */
export async function release(tx: Db, paymentId: string | number): Promise<void> {
  const rows = await repo.deleteCodeUses(tx, paymentId);
  for (const r of rows) await repo.reactivateSingleUseCode(tx, r.discount_code_id);
}
