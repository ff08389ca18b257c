import type { Schemas } from '../../lib/api-types';
import { afterCommit } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { tell } from '../../lib/live-events';
import { ProviderRefused, ProviderUnavailable, type ProviderPayment, type ProviderPaymentStatus } from './provider';
import * as repo from './repository';
import { toTransaction, type PaymentsDeps } from './service';
import { closeHere, closeUnpaid, settle } from './settlement';

/**
 * The member's unpaid orders, from /credits and /transactions: "Resume payment" takes him back to the provider's
 * checkout of that same payment (same amount, same discount) while it is open; "Cancel order" cancels it at the
 * provider where it can and here, which gives its discount back at once. Only his own payments: anybody else's is
 * 404, as an unknown one. A payment pending at the bank is on its way and is neither resumed nor cancelled.
 */

/** 409 `payment_not_cancelable`: paid, or pending at the bank (`params.status`). */
const notCancelable = (status: ProviderPaymentStatus) => new AppError(409, 'payment_not_cancelable', { params: { status } });
/** 409 `payment_not_open`: the order can no longer be paid (`params.status`). */
const notOpen = (status: ProviderPaymentStatus) => new AppError(409, 'payment_not_open', { params: { status } });
/** The provider could not be asked: nothing changed, the member tries again. */
const providerDown = (cause: unknown) => new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' }, cause });

const isProviderFailure = (error: unknown) => error instanceof ProviderUnavailable || error instanceof ProviderRefused;

/**
 * cancelPayment: an open order is cancelled (closeUnpaid: asked at the provider first, so one paid that very moment
 * is credited instead and answered 409 `payment_not_cancelable`); one already cancelled, expired or failed is answered
 * as it is (a repeated cancel changes nothing). Answers the order as it is now.
 */
export async function cancelOrder(deps: PaymentsDeps, userId: number, paymentId: number): Promise<Schemas['Transaction']> {
  const row = await repo.findOwnPayment(deps.db, userId, paymentId);
  if (!row) throw notFound();
  if (row.status === 'paid' || row.status === 'pending') throw notCancelable(row.status);
  if (row.status === 'open') {
    if (row.provider_payment_id === null) {
      await closeHere(deps.db, row.id, 'canceled');
    } else {
      let outcome: Awaited<ReturnType<typeof closeUnpaid>>;
      try {
        outcome = await closeUnpaid(deps, { id: row.id, providerPaymentId: row.provider_payment_id }, 'canceled');
      } catch (error) {
        if (isProviderFailure(error)) throw providerDown(error);
        throw error;
      }
      const { member } = outcome;
      if (member !== null) afterCommit(() => tell(deps.bus, [member]));
      if (outcome.status === 'paid' || outcome.status === 'pending') throw notCancelable(outcome.status);
    }
  }
  return toTransaction(await repo.findPayment(deps.db, row.id));
}

/**
 * resumePayment: the provider's checkout of an open order, after asking the provider that it is still open there (a
 * payment paid, failed or expired there meanwhile is settled as the provider says and answered 409
 * `payment_not_open`); an order past its deadline is closed as expired first (closeUnpaid) and answered likewise.
 */
export async function resumeOrder(deps: PaymentsDeps, userId: number, paymentId: number): Promise<Schemas['PaymentCreated']> {
  const row = await repo.findOwnPayment(deps.db, userId, paymentId);
  if (!row) throw notFound();
  if (row.status !== 'open') throw notOpen(row.status);
  if (row.provider_payment_id === null || row.checkout_url === null) throw notOpen(row.status);
  const order = { id: row.id, providerPaymentId: row.provider_payment_id };
  let seen: ProviderPayment;
  try {
    if (new Date(row.expires_at).getTime() <= Date.now()) {
      const { status, member } = await closeUnpaid(deps, order, 'expired');
      if (member !== null) await tell(deps.bus, [member]);
      throw notOpen(status);
    }
    seen = await deps.provider.getPayment(row.provider_payment_id);
  } catch (error) {
    if (isProviderFailure(error)) throw providerDown(error);
    throw error;
  }
  if (seen.status !== 'open') {
    const member = await settle(deps.db, seen, deps.logger);
    if (member !== null) await tell(deps.bus, [member]);
    throw notOpen(seen.status);
  }
  return { payment_id: Number(row.id), status: 'open', checkout_url: seen.checkoutUrl ?? row.checkout_url };
}
