import { paysOf } from '../../../src/shared/payment-methods';

/**
 * How long an order stays open for payment, and when a payment pending at the bank is expected, per way the money
 * comes (`pays` in src/shared/payment-methods.ts). The rule and its reasons are in docs/product-rules.md ("Unpaid
 * orders"); the follow-up job (settlement.ts) closes what passed its deadline.
 *
 * - At the hosted checkout (cards, wallets, online banking, vouchers) the member pays there and then; the provider's
 *   own session lasts minutes (15 for cards at Mollie, 30 in the simulator). One hour after the order nobody is still
 *   paying it: the order is closed and its discount comes back.
 * - By bank transfer the member sends the money from his bank later; the provider keeps the payment open 14 days
 *   (12 business days and 2 days' grace). We wait two more days, so a transfer made on its last day still arrives.
 * - By direct debit the payment is pending from the start: nothing to abandon, so no open deadline of its own.
 *
 * A pending payment (the money is on its way) is never closed by a deadline of ours: only the provider settles it.
 * Its expected date is a number of business days after it became pending (a transfer arrives within two, a debit is
 * confirmed one business day after it is collected on the next: three).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const OPEN_FOR_MS = { checkout: HOUR, transfer: 16 * DAY, debit: HOUR } as const;
const PENDING_BUSINESS_DAYS = { checkout: null, transfer: 2, debit: 3 } as const;

/** How long an order paid with `method` stays open for payment after it was placed, in milliseconds. */
export function openForMs(method: string): number {
  return OPEN_FOR_MS[paysOf(method)];
}

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** When a payment pending since `since` is expected to be settled, where its method has a usual time; else null. */
export function expectedBy(method: string, since: Date): Date | null {
  const days = PENDING_BUSINESS_DAYS[paysOf(method)];
  return days === null ? null : addBusinessDays(since, days);
}
