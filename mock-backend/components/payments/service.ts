import type { Logger } from 'pino';
import { methodById } from '../../../src/shared/payment-methods';
import type { Schemas } from '../../lib/api-types';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { notFound } from '../../lib/errors';
import type { PaymentProvider } from './provider';
import { expectedBy } from './deadlines';
import * as repo from './repository';
import type { PaymentRow } from './repository';

/**
 * Buying credits: checkout.ts opens payments at the provider, settlement.ts settles them from what the provider says,
 * refunds.ts and direct-debit.ts do the rest; this file holds what they share and the member's view of his payments.
 */

/** The path the provider posts webhooks to (outside /api: server-to-server, raw body, no session). */
export const WEBHOOK_PATH = '/webhooks/psp';

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  /** Where the provider sends webhooks (this backend's `/webhooks/psp`, as the provider reaches it). */
  webhookUrl: () => string;
  logger: Logger;
  /** The event bus: a settled payment or a refund tells the member's open pages his new balance (lib/live-events.ts). */
  bus?: Bus | undefined;
}

function isoOrNull(d: Date | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

/**
 * The member's view of a payment: an open order says until when it can be paid (then it expires and gives its
 * discount back), a payment pending at the bank when it is expected where its method has a usual time.
 */
export function toTransaction(r: PaymentRow): Schemas['Transaction'] {
  const m = methodById(r.method);
  return {
    id: Number(r.id),
    status: r.status,
    credits: r.credits,
    amount_minor: r.amount_minor,
    list_price_minor: r.list_price_minor,
    discount_minor: r.discount_minor,
    currency: r.currency,
    country: r.country,
    method: r.method,
    method_name: m?.name ?? r.method,
    method_retired: m?.retired === true,
    issuer: r.issuer,
    discount_code: r.discount_code,
    package_id: r.package_id,
    created_at: new Date(r.created_at).toISOString(),
    paid_at: isoOrNull(r.paid_at),
    credited: r.credited_at !== null,
    charged_back: r.charged_back_at !== null,
    refunded_minor: r.refunded_minor,
    checkout_url: r.status === 'open' ? r.checkout_url : null,
    expires_at: r.status === 'open' ? new Date(r.expires_at).toISOString() : null,
    expected_at: r.status === 'pending' ? isoOrNull(expectedBy(r.method, new Date(r.pending_since ?? r.created_at))) : null,
  };
}

/** getPayment: the member's own payment (404 for anyone else's: no enumeration). Reads only; never settles. */
export async function getPayment(db: Db, userId: number, id: number): Promise<Schemas['Transaction']> {
  const row = await repo.findOwnPayment(db, userId, id);
  if (!row) throw notFound();
  return toTransaction(row);
}

/** listTransactions: the member's payments, newest first, with his balance and refunds. */
export async function listTransactions(db: Db, userId: number): Promise<Schemas['TransactionList']> {
  const rows = await repo.listPayments(db, userId);
  const refunds = await repo.listRefunds(db, userId);
  const user = await repo.balanceOf(db, userId);
  return {
    balance: user?.credits ?? 0,
    paid_user: user?.paid_user ?? false,
    transactions: rows.map(toTransaction),
    refunds: refunds.map((r) => ({
      id: Number(r.id),
      payment_id: Number(r.payment_id),
      credits: r.credits,
      amount_minor: r.amount_minor,
      currency: r.currency,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
