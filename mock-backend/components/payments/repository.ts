import { raw, sql, statement, type Db } from '../../lib/db';
import type { ProviderPaymentStatus } from './provider';

/** The payments component's SQL: credit bundles, payment rows, the webhook inbox and the chargeback writes. */

export interface PackageRow {
  id: number;
  credits: number;
  price_minor: number;
  currency: string;
  popular: boolean;
}

export interface PaymentRow {
  id: string;
  user_id: number;
  site_id: number;
  package_id: number | null;
  credits: number;
  list_price_minor: number;
  discount_minor: number;
  amount_minor: number;
  currency: string;
  country: string;
  method: string;
  issuer: string | null;
  discount_code_id: number | null;
  discount_code: string | null;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: ProviderPaymentStatus;
  credited_at: Date | null;
  paid_at: Date | null;
  charged_back_at: Date | null;
  refunded_minor: number;
  created_at: Date;
  mandate_id: string | null;
  /** Until when an open order can be paid; past it the follow-up job closes it (deadlines.ts). */
  expires_at: Date;
  /** Since when the payment is pending at the bank (null while it never was). */
  pending_since: Date | null;
}

const PAYMENT_COLUMN_NAMES = [
  'id',
  'user_id',
  'site_id',
  'package_id',
  'credits',
  'list_price_minor',
  'discount_minor',
  'amount_minor',
  'currency',
  'country',
  'method',
  'issuer',
  'discount_code_id',
  'discount_code',
  'provider_payment_id',
  'checkout_url',
  'status',
  'credited_at',
  'paid_at',
  'charged_back_at',
  'refunded_minor',
  'created_at',
  'mandate_id',
  'expires_at',
  'pending_since',
];
const PAYMENT_COLUMNS = raw(PAYMENT_COLUMN_NAMES.join(', '));
const PAYMENT_COLUMNS_OF_P = raw(PAYMENT_COLUMN_NAMES.map((c) => `p.${c}`).join(', '));

// The credits page's two reads (credit-packages.php): prepared once per connection, not planned on every visit.
const countryOf = statement('payments_profile_country', (userId: number) => sql`SELECT country FROM profiles WHERE user_id = ${userId}`);
const packagesQuery = statement(
  'payments_packages_for',
  (siteId: number, currency: string) =>
    sql`SELECT id, credits, price_minor, currency, popular FROM credit_packages p
     WHERE active AND currency = ${currency}
       AND (site_id = ${siteId} OR (site_id IS NULL AND NOT EXISTS (
         SELECT 1 FROM credit_packages s WHERE s.site_id = ${siteId} AND s.active AND s.currency = ${currency})))
     ORDER BY position, credits`,
);

export async function profileCountry(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.query<{ country: string | null }>(countryOf(userId));
  return row?.country ?? null;
}

/** The site's active bundles in the currency; the shared ones only when the site has none of its own in it. */
export async function packagesFor(db: Db, siteId: number, currency: string): Promise<PackageRow[]> {
  return db.query<PackageRow>(packagesQuery(siteId, currency));
}

/** One checkout of a member at a time: his row stays locked until the transaction ends. */
export async function lockMember(tx: Db, userId: number): Promise<void> {
  await tx.query(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function findPackage(tx: Db, packageId: number, currency: string, siteId: number): Promise<PackageRow | null> {
  const [row] = await tx.query<PackageRow>(
    sql`SELECT id, credits, price_minor, currency, popular FROM credit_packages
        WHERE id = ${packageId} AND active AND currency = ${currency} AND (site_id IS NULL OR site_id = ${siteId})`,
  );
  return row ?? null;
}

export interface PaymentValues {
  userId: number;
  siteId: number;
  packageId: number;
  credits: number;
  listPriceMinor: number;
  discountMinor: number;
  currency: string;
  country: string;
  method: string;
  issuer: string | null;
  discountCodeId: number | string | null;
  discountCode: string | null;
  mandateId: string | null;
  provider: string;
  /** How long the order stays open for payment from now (deadlines.ts). */
  openForMs: number;
}

export async function insertPaymentRow(tx: Db, v: PaymentValues): Promise<PaymentRow> {
  const [row] = await tx.query<PaymentRow>(
    sql`INSERT INTO payments (user_id, site_id, package_id, credits, list_price_minor, discount_minor, amount_minor, currency, country,
         method, issuer, discount_code_id, discount_code, mandate_id, provider, expires_at)
       VALUES (${v.userId}, ${v.siteId}, ${v.packageId}, ${v.credits}, ${v.listPriceMinor}, ${v.discountMinor},
         ${v.listPriceMinor - v.discountMinor}, ${v.currency}, ${v.country}, ${v.method}, ${v.issuer}, ${v.discountCodeId},
         ${v.discountCode}, ${v.mandateId}, ${v.provider}, now() + make_interval(secs => ${v.openForMs / 1000}))
       RETURNING ${PAYMENT_COLUMNS}`,
  );
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** An open payment the provider never got: failed. */
export async function failOpenPayment(tx: Db, id: string): Promise<void> {
  await tx.query(sql`UPDATE payments SET status = 'failed', updated_at = now() WHERE id = ${id} AND status = 'open'`);
}

/** The provider's id and checkout page of the payment. */
export async function recordProviderPayment(
  db: Db,
  id: string,
  providerPaymentId: string,
  checkoutUrl: string | null,
): Promise<PaymentRow> {
  const [row] = await db.query<PaymentRow>(
    sql`UPDATE payments SET provider_payment_id = ${providerPaymentId}, checkout_url = ${checkoutUrl}, updated_at = now()
        WHERE id = ${id} RETURNING ${PAYMENT_COLUMNS}`,
  );
  return row as PaymentRow;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.query<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ${id}`);
  return row as PaymentRow;
}

/** The member's own payment, null for anyone else's. */
export async function findOwnPayment(db: Db, userId: number, id: number): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ${id} AND user_id = ${userId}`);
  return row ?? null;
}

/** An order still open here is closed (`canceled` or `expired`); false when it was not open any more. */
export async function closeOpen(tx: Db, id: string, status: 'canceled' | 'expired'): Promise<boolean> {
  const rows = await tx.query(
    sql`UPDATE payments SET status = ${status}, updated_at = now() WHERE id = ${id} AND status = 'open' RETURNING 1`,
  );
  return rows.length > 0;
}

/** Open orders at the provider past their deadline, oldest deadline first, each asked at most once a minute. */
export async function openPastDeadline(db: Db, limit: number): Promise<{ id: string; provider_payment_id: string }[]> {
  return db.query<{ id: string; provider_payment_id: string }>(
    sql`SELECT id, provider_payment_id FROM payments
     WHERE status = 'open' AND expires_at <= now() AND provider_payment_id IS NOT NULL AND updated_at < now() - interval '1 minute'
     ORDER BY expires_at LIMIT ${limit}`,
  );
}

export async function listPayments(db: Db, userId: number): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 200`,
  );
}

export interface RefundRow {
  id: string;
  payment_id: string;
  credits: number;
  amount_minor: number;
  currency: string;
  status: 'pending' | 'refunded' | 'failed';
  created_at: Date;
}

export async function listRefunds(db: Db, userId: number): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    sql`SELECT id, payment_id, credits, amount_minor, currency, status, created_at FROM payment_refunds
        WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 200`,
  );
}

export async function balanceOf(db: Db, userId: number): Promise<{ credits: number; paid_user: boolean } | null> {
  const [row] = await db.query<{ credits: number; paid_user: boolean }>(sql`SELECT credits, paid_user FROM users WHERE id = ${userId}`);
  return row ?? null;
}

/** The payment the provider's id names, locked, with its site's refund period. */
export async function lockByProviderId(tx: Db, providerPaymentId: string): Promise<(PaymentRow & { refund_days: number }) | null> {
  const [row] = await tx.query<PaymentRow & { refund_days: number }>(
    sql`SELECT ${PAYMENT_COLUMNS_OF_P}, s.refund_days FROM payments p JOIN sites s ON s.id = p.site_id
       WHERE p.provider_payment_id = ${providerPaymentId} FOR UPDATE OF p`,
  );
  return row ?? null;
}

/** Paid and credited now; the member becomes premium. */
export async function markPaid(tx: Db, id: string, userId: number): Promise<void> {
  await tx.query(sql`UPDATE payments SET status = 'paid', credited_at = now(), paid_at = now(), updated_at = now() WHERE id = ${id}`);
  await tx.query(sql`UPDATE users SET paid_user = true, updated_at = now() WHERE id = ${userId} AND NOT paid_user`);
}

/** The provider's status; a payment that becomes pending notes since when (for its expected date). */
export async function setStatus(tx: Db, id: string, status: ProviderPaymentStatus): Promise<void> {
  await tx.query(
    sql`UPDATE payments SET status = ${status},
          pending_since = CASE WHEN ${status}::text = 'pending' THEN coalesce(pending_since, now()) ELSE pending_since END, updated_at = now()
        WHERE id = ${id}`,
  );
}

/** Marks the payment charged back; its credit lot, locked, if it has one. */
export async function chargeBackPayment(tx: Db, paymentId: string): Promise<{ id: string; credits: number; remaining: number } | null> {
  const [lot] = await tx.query<{ id: string; credits: number; remaining: number }>(
    sql`SELECT id, credits, remaining FROM credit_lots WHERE payment_id = ${paymentId} FOR UPDATE`,
  );
  await tx.query(sql`UPDATE payments SET charged_back_at = now(), updated_at = now() WHERE id = ${paymentId}`);
  return lot ?? null;
}

/** Takes the lot's remaining credits out of the balance and empties the lot; the new balance. */
export async function takeBackLot(tx: Db, userId: number, lot: { id: string; remaining: number }): Promise<number> {
  const [user] = await tx.query<{ credits: number }>(
    sql`UPDATE users SET credits = credits - ${lot.remaining}, updated_at = now() WHERE id = ${userId} RETURNING credits`,
  );
  await tx.query(sql`UPDATE credit_lots SET remaining = 0, refundable_until = NULL, updated_at = now() WHERE id = ${lot.id}`);
  return user?.credits ?? 0;
}

export async function endRefundWindow(tx: Db, lotId: string): Promise<void> {
  await tx.query(sql`UPDATE credit_lots SET refundable_until = NULL, updated_at = now() WHERE id = ${lotId}`);
}

export async function blockDirectDebit(tx: Db, userId: number, reason: string): Promise<void> {
  await tx.query(sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${userId}, ${reason}) ON CONFLICT (user_id) DO NOTHING`);
}

export async function webhookSeen(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM payment_webhook_inbox WHERE event_id = ${eventId}`);
  return rows.length > 0;
}

/** The webhook event into the inbox; false when it is there already. */
export async function insertWebhook(
  tx: Db,
  e: { eventId: string; provider: string; providerPaymentId: string; type: string },
): Promise<boolean> {
  const rows = await tx.query(
    sql`INSERT INTO payment_webhook_inbox (event_id, provider, provider_payment_id, event_type)
        VALUES (${e.eventId}, ${e.provider}, ${e.providerPaymentId}, ${e.type})
        ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
  );
  return rows.length > 0;
}

/** Open payments that never reached the provider for 30 minutes: expired; their ids. */
export async function expireUnopened(tx: Db): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    sql`UPDATE payments SET status = 'expired', updated_at = now()
       WHERE status = 'open' AND provider_payment_id IS NULL AND created_at < now() - interval '30 minutes' RETURNING id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Open or pending payments untouched for a minute (an hour once they are a day old: a debit or transfer takes days),
 * longest untouched first. None is ever left out for its age: an open one is closed at its deadline, a pending one
 * is asked until the provider settles it.
 */
export async function dueForFollowUp(db: Db, limit: number): Promise<string[]> {
  const rows = await db.query<{ provider_payment_id: string }>(
    sql`SELECT provider_payment_id FROM payments
     WHERE status IN ('open', 'pending') AND provider_payment_id IS NOT NULL
       AND updated_at < now() - CASE WHEN created_at < now() - interval '1 day' THEN interval '1 hour' ELSE interval '1 minute' END
     ORDER BY updated_at LIMIT ${limit}`,
  );
  return rows.map((r) => r.provider_payment_id);
}

export async function touchPayment(db: Db, providerPaymentId: string): Promise<void> {
  await db.query(sql`UPDATE payments SET updated_at = now() WHERE provider_payment_id = ${providerPaymentId}`);
}

/** Whether the site is the default one (undefined: no such site). */
export async function isDefaultSite(db: Db, siteId: number): Promise<boolean | undefined> {
  const [row] = await db.query<{ is_default: boolean }>(sql`SELECT is_default FROM sites WHERE id = ${siteId}`);
  return row?.is_default;
}
