import { methodById } from '../../../src/shared/payment-methods';
import type { Schemas } from '../../lib/api-types';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { recordBalance, tell } from '../../lib/live-events';
import { insertLedger } from '../credits/index';
import { ProviderRefused, ProviderUnavailable } from './provider';
import {
  addRefunded,
  emptyLot,
  giveCreditsBack,
  insertRefund,
  lockMemberBalance,
  lockRefundableLot,
  markRefunded,
  markRefundFailed,
  ownsPayment,
  pendingRefunds,
  refillLot,
  refundableLots,
  takeBackRefunded,
  takeCredits,
} from './refund-repository';
import { balanceOf } from './repository';
import type { PaymentsDeps } from './service';

/**
 * The member's own refund of unused purchased credits within refund_days (also the on-site withdrawal
 * function of Directive 2023/2673). Per purchase: the lot's remaining credits × the lot's unit price (what was paid
 * after discount ÷ credits), rounded down to the minor unit, back through the original payment where the method
 * can refund (not paysafecard). The credits leave the ledger in the transaction that records the refund; should the
 * provider refuse it for good, a second transaction puts them back, so nothing is lost either way.
 */

/** remaining × (amount ÷ credits), in integers, rounded down; the whole amount when nothing was spent. */
function refundableMinor(lot: { credits: number; remaining: number; amount_minor: number }): number {
  if (lot.remaining >= lot.credits) return lot.amount_minor;
  return Math.floor((lot.remaining * lot.amount_minor) / lot.credits);
}

/** getRefundQuote: what each refundable purchase would give back, before the member confirms. */
export async function refundQuote(db: Db, userId: number): Promise<Schemas['RefundQuote']> {
  const lots = await refundableLots(db, userId);
  const items = lots.map((l) => ({
    payment_id: Number(l.payment_id),
    credits: l.remaining,
    credits_bought: l.credits,
    amount_minor: refundableMinor(l),
    paid_minor: l.amount_minor,
    currency: l.currency,
    method: l.method,
    method_name: methodById(l.method)?.name ?? l.method,
    refundable: methodById(l.method)?.refundable !== false,
    refundable_until: new Date(l.refundable_until).toISOString(),
  }));
  const totals = new Map<string, number>();
  for (const i of items) if (i.refundable) totals.set(i.currency, (totals.get(i.currency) ?? 0) + i.amount_minor);
  return {
    items,
    credits: items.filter((i) => i.refundable).reduce((sum, i) => sum + i.credits, 0),
    totals: [...totals].map(([currency, amount_minor]) => ({ currency, amount_minor })),
  };
}

interface Taken {
  refundId: string;
  lotId: string;
  credits: number;
  amountMinor: number;
  currency: string;
  providerPaymentId: string;
  paymentId: string;
}

async function giveBack(db: Db, bus: Bus | undefined, userId: number, t: Taken): Promise<void> {
  await db.transaction(async (tx) => {
    const balance = await giveCreditsBack(tx, userId, t.credits);
    await refillLot(tx, t.lotId, t.credits);
    await insertLedger(tx, {
      userId,
      delta: t.credits,
      reason: 'refund_reversed',
      balanceAfter: balance,
      lotId: t.lotId,
      ref: `refund:${t.refundId}`,
    });
    await markRefundFailed(tx, t.refundId);
    await takeBackRefunded(tx, t.paymentId, t.amountMinor);
    await recordBalance(tx, userId);
  });
  await tell(bus, [userId]);
}

/** requestRefund: refunds the unused credits of one purchase. */
export async function requestRefund(deps: PaymentsDeps, userId: number, paymentId: number): Promise<Schemas['RefundResult']> {
  const taken = await deps.db.transaction(async (tx): Promise<Taken> => {
    const member = await lockMemberBalance(tx, userId);
    const owned = await ownsPayment(tx, userId, paymentId);
    if (!owned || !member) throw notFound();
    const lot = await lockRefundableLot(tx, userId, paymentId);
    if (!lot) throw new AppError(422, 'nothing_to_refund');
    if (methodById(lot.method)?.refundable === false || !lot.provider_payment_id) throw new AppError(422, 'refund_not_possible');
    const amount = refundableMinor(lot);
    const credits = lot.remaining;
    const after = await takeCredits(tx, userId, credits);
    if (after === null) throw new AppError(422, 'nothing_to_refund');
    await emptyLot(tx, lot.lot_id);
    const refundId = await insertRefund(tx, { paymentId: lot.payment_id, userId, credits, amountMinor: amount, currency: lot.currency });
    await insertLedger(tx, {
      userId,
      delta: -credits,
      reason: 'refund',
      balanceAfter: after,
      lotId: lot.lot_id,
      ref: `refund:${refundId}`,
    });
    await addRefunded(tx, lot.payment_id, amount);
    // The last write: the member's other pages see the balance the refund left (it takes the event lock until the commit).
    await recordBalance(tx, userId);
    return {
      refundId,
      lotId: lot.lot_id,
      credits,
      amountMinor: amount,
      currency: lot.currency,
      providerPaymentId: lot.provider_payment_id,
      paymentId: lot.payment_id,
    };
  });
  await tell(deps.bus, [userId]);
  const status = await sendRefund(deps, userId, taken);
  const balance = await balanceOf(deps.db, userId);
  return {
    refund_id: Number(taken.refundId),
    status,
    credits: taken.credits,
    amount_minor: taken.amountMinor,
    currency: taken.currency,
    balance: balance?.credits ?? 0,
  };
}

/** Asks the provider to refund; a refusal puts the credits back and answers 422, an outage leaves it for the job. */
async function sendRefund(deps: PaymentsDeps, userId: number, t: Taken): Promise<'pending' | 'refunded'> {
  try {
    const r = await deps.provider.createRefund(
      t.providerPaymentId,
      { amountMinor: t.amountMinor, currency: t.currency },
      `refund-${t.refundId}`,
    );
    await markRefunded(deps.db, t.refundId, r.id);
    return 'refunded';
  } catch (error) {
    if (error instanceof ProviderRefused) {
      deps.logger.warn({ err: error, refundId: t.refundId }, 'provider refused the refund; credits given back');
      await giveBack(deps.db, deps.bus, userId, t);
      throw new AppError(422, 'refund_not_possible');
    }
    if (error instanceof ProviderUnavailable) {
      deps.logger.warn({ err: error, refundId: t.refundId }, 'provider unreachable; the refund job retries');
      return 'pending';
    }
    throw error;
  }
}

/** The follow-up job's part for refunds: pending ones (provider was down) are sent again with the same key. */
export async function retryPendingRefunds(deps: PaymentsDeps, limit = 50): Promise<number> {
  const rows = await pendingRefunds(deps.db, limit);
  let sent = 0;
  for (const r of rows) {
    try {
      await sendRefund(deps, r.user_id, {
        refundId: r.id,
        lotId: r.lot_id,
        credits: r.credits,
        amountMinor: r.amount_minor,
        currency: r.currency,
        providerPaymentId: r.provider_payment_id,
        paymentId: r.payment_id,
      });
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError)) deps.logger.warn({ err: error, refundId: r.id }, 'refund retry failed');
    }
  }
  return sent;
}
