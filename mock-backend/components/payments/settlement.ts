import type { Logger } from 'pino';
import type { Db } from '../../lib/db';
import { faultPoint } from '../../lib/fault-injection';
import { release, grantCredits, insertLedger, spendDiscount } from '../credits/index';
import { recordBalance, tell } from '../../lib/live-events';
import { ProviderRefused, ProviderUnavailable, WebhookRejected, type ProviderPayment, type ProviderPaymentStatus } from './provider';
import * as repo from './repository';
import type { PaymentsDeps } from './service';

/**
 * Settlement: the only two places that settle a payment — the webhook receiver and the follow-up job — both fetch
 * the payment from the provider first. The browser's return to the site never settles anything.
 */

const FINAL: ReadonlySet<ProviderPaymentStatus> = new Set(['paid', 'failed', 'canceled', 'expired']);

/**
 * Brings our payment in line with the provider's (already fetched, so trusted) payment, in one transaction:
 * paid → credits granted as a paid lot, the payment marked paid, its discount spent and the member premium, all
 * together, once — also when it was closed here before (paid at the provider after its deadline: a real payment is
 * never lost); failed / canceled / expired → the discount released; a chargeback → the lot's unused credits taken
 * back and, if some were already spent, the member blocked for direct debit. A paid payment never goes back.
 */
export async function settle(db: Db, p: ProviderPayment, logger: Logger, tx?: Db): Promise<number | null> {
  /** The member whose balance changed (a balance event is recorded in the same transaction), else null. */
  const run = async (t: Db): Promise<number | null> => {
    const row = await repo.lockByProviderId(t, p.id);
    if (!row) {
      logger.warn({ providerPaymentId: p.id }, 'provider payment unknown here; ignored');
      return null;
    }
    if (p.amountMinor !== row.amount_minor || p.currency !== row.currency) {
      logger.error({ paymentId: row.id }, 'provider amount differs from the order; not settled');
      return null;
    }
    let changed = false;
    if (p.status === 'paid' && row.credited_at === null) {
      await grantCredits(t, {
        userId: row.user_id,
        credits: row.credits,
        kind: 'paid',
        reason: 'purchase',
        amountMinor: row.amount_minor,
        currency: row.currency,
        paymentId: row.id,
        refundDays: row.refund_days,
        ref: `payment:${row.id}`,
        idempotencyKey: `payment:${row.id}`,
      });
      await repo.markPaid(t, row.id, row.user_id);
      if (!(await spendDiscount(t, { paymentId: row.id, codeId: row.discount_code_id, userId: row.user_id })))
        logger.warn({ paymentId: row.id }, 'payment paid after it was closed here; its discount had been taken again meanwhile');
      logger.info({ paymentId: row.id, credits: row.credits }, 'payment paid; credits granted');
      changed = true;
    } else if (row.status !== 'paid' && row.status !== p.status && !FINAL.has(row.status)) {
      await repo.setStatus(t, row.id, p.status);
      if (p.status === 'failed' || p.status === 'canceled' || p.status === 'expired') await release(t, row.id);
    }
    if (p.amountChargedBackMinor > 0 && row.charged_back_at === null && (row.credited_at !== null || p.status === 'paid')) {
      await chargeBack(t, row.id, row.user_id, logger);
      changed = true;
    }
    // The last write of the transaction: it takes the event lock until the commit.
    if (changed) await recordBalance(t, row.user_id);
    return changed ? row.user_id : null;
  };
  return tx ? run(tx) : db.transaction(run);
}

/** The bank reversed a paid payment: the credits of its lot that are left leave the ledger; spent ones block the member. */
async function chargeBack(tx: Db, paymentId: string, userId: number, logger: Logger): Promise<void> {
  const lot = await repo.chargeBackPayment(tx, paymentId);
  if (!lot) return;
  if (lot.remaining > 0) {
    const balanceAfter = await repo.takeBackLot(tx, userId, lot);
    await insertLedger(tx, {
      userId,
      delta: -lot.remaining,
      reason: 'chargeback',
      balanceAfter,
      lotId: lot.id,
      ref: `payment:${paymentId}`,
    });
  } else {
    await repo.endRefundWindow(tx, lot.id);
  }
  if (lot.remaining < lot.credits) {
    await repo.blockDirectDebit(tx, userId, `chargeback of payment ${paymentId}`);
  }
  logger.warn({ paymentId, takenBack: lot.remaining, spent: lot.credits - lot.remaining }, 'payment charged back');
}

export type WebhookOutcome = { status: 200 | 401 | 503; body: { ok: boolean; duplicate?: boolean } };

/**
 * The webhook receiver: an untrusted call. Verify the signature and the 5-minute tolerance; an event id already in
 * the inbox changes nothing; otherwise fetch the payment from the provider and settle it together with the inbox row.
 * 503 when the provider cannot be reached (the provider retries); 401 for anything unverifiable.
 */
export async function receiveWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<WebhookOutcome> {
  let event;
  try {
    event = deps.provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      deps.logger.warn({ reason: error.message }, 'webhook rejected');
      return { status: 401, body: { ok: false } };
    }
    throw error;
  }
  if (await repo.webhookSeen(deps.db, event.eventId)) return { status: 200, body: { ok: true, duplicate: true } };
  let payment: ProviderPayment;
  try {
    payment = await deps.provider.getPayment(event.paymentId);
  } catch (error) {
    if (error instanceof ProviderRefused && error.status === 404) {
      deps.logger.warn({ providerPaymentId: event.paymentId }, 'webhook names a payment the provider does not know');
      return { status: 200, body: { ok: true } };
    }
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) return { status: 503, body: { ok: false } };
    throw error;
  }
  const { duplicate, member } = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertWebhook(tx, {
      eventId: event.eventId,
      provider: deps.provider.name,
      providerPaymentId: event.paymentId,
      type: event.type,
    });
    if (!inserted) return { duplicate: true, member: null };
    return { duplicate: false, member: await settle(tx, payment, deps.logger, tx) };
  });
  faultPoint('webhook-after-commit');
  if (member !== null) await tell(deps.bus, [member]);
  return { status: 200, body: { ok: true, ...(duplicate ? { duplicate: true } : {}) } };
}

/** Closes an order still open here as `as`, giving its discount back; false when it was no longer open. */
export async function closeHere(db: Db, paymentId: string, as: 'canceled' | 'expired'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await repo.closeOpen(tx, paymentId, as);
    if (closed) await release(tx, paymentId);
    return closed;
  });
}

/**
 * Ends an order still open here, as `as` ('canceled' when the member cancels it, 'expired' at its deadline). The
 * provider is asked first, so a payment paid at the last second is settled as paid (credited), never closed; what is
 * still open there is cancelled there; then it is closed here and its discount comes back at once. When the provider
 * will not cancel it (a method whose checkout cannot be cancelled while it runs), it is closed here all the same: if
 * it is still paid there, its webhook or the next follow-up credits it then, exactly once (settle). Throws
 * ProviderUnavailable when the provider cannot be asked: nothing is closed without its answer. Answers the status the
 * order ends with here and the member whose balance changed (null when none did).
 */
export async function closeUnpaid(
  deps: PaymentsDeps,
  order: { id: string; providerPaymentId: string },
  as: 'canceled' | 'expired',
): Promise<{ status: ProviderPaymentStatus; member: number | null }> {
  const settled = async (p: ProviderPayment) => ({ status: p.status, member: await settle(deps.db, p, deps.logger) });
  const seen = await deps.provider.getPayment(order.providerPaymentId);
  if (seen.status !== 'open') return settled(seen);
  try {
    const cancelled = await deps.provider.cancelPayment(order.providerPaymentId);
    if (cancelled.status !== 'canceled') return settled(cancelled);
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    // Not cancellable there: perhaps because it was paid this very moment.
    const again = await deps.provider.getPayment(order.providerPaymentId);
    if (again.status !== 'open') return settled(again);
    deps.logger.info({ paymentId: order.id }, 'provider will not cancel the open payment; closed here');
  }
  await closeHere(deps.db, order.id, as);
  return { status: as, member: null };
}

/**
 * The follow-up job: payments still open or pending after a while are fetched from the provider and settled (a lost
 * webhook costs a minute, not the member's credits); open orders past their deadline (deadlines.ts) are closed as
 * expired after the provider was asked (closeUnpaid), giving their discount back; rows that never reached the provider
 * (the backend died between writing the row and the provider's answer) expire after 30 minutes, likewise.
 */
export async function followUpPayments(deps: PaymentsDeps, limit = 50): Promise<{ checked: number; expired: number }> {
  let expired = await deps.db.transaction(async (tx) => {
    const ids = await repo.expireUnopened(tx);
    for (const id of ids) await release(tx, id);
    return ids.length;
  });
  let checked = 0;
  for (const order of await repo.openPastDeadline(deps.db, limit)) {
    try {
      const { status, member } = await closeUnpaid(deps, { id: order.id, providerPaymentId: order.provider_payment_id }, 'expired');
      if (member !== null) await tell(deps.bus, [member]);
      if (status === 'expired') expired += 1;
      else checked += 1;
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: order.id }, 'open payment past its deadline not closed; next run asks again');
    } finally {
      await repo.touchPayment(deps.db, order.provider_payment_id);
    }
  }
  const due = await repo.dueForFollowUp(deps.db, limit);
  for (const providerPaymentId of due) {
    try {
      const p = await deps.provider.getPayment(providerPaymentId);
      const member = await settle(deps.db, p, deps.logger);
      if (member !== null) await tell(deps.bus, [member]);
      await repo.touchPayment(deps.db, providerPaymentId);
      checked += 1;
    } catch (error) {
      deps.logger.warn({ err: error, providerPaymentId }, 'payment follow-up failed; next run tries again');
    }
  }
  return { checked, expired };
}
