import type { Logger } from 'pino';
import { currencyOf, methodById, methodsFor } from '../../../src/shared/payment-methods';
import type { Schemas } from '../../lib/api-types';
import type { Site } from '../../lib/context';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { faultPoint } from '../../lib/fault-injection';
import { discountMinor, evaluateCode, redeem, release, type CheckoutDiscount } from '../credits/discounts';
import { recordBalance, tell } from '../chat/member-events';
import { grantCredits } from '../credits/ledger';
import { insertLedger } from '../credits/spend';
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './provider';

/**
 * Buying credits: bundles per country and currency, checkout through the payment provider, and the only
 * two places that settle a payment — the webhook receiver and the follow-up job — both of which fetch the payment
 * from the provider first. The browser's return to the site never settles anything.
 */

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  /** Where the provider sends webhooks (this backend's `/webhooks/psp`, as the provider reaches it). */
  webhookUrl: () => string;
  logger: Logger;
  /** The event bus: a settled payment or a refund tells the member's open pages his new balance (chat/member-events). */
  bus?: Bus | undefined;
}

type PaymentStatus = ProviderPaymentStatus;
const FINAL: ReadonlySet<PaymentStatus> = new Set(['paid', 'failed', 'canceled', 'expired']);

interface PackageRow {
  id: number;
  credits: number;
  price_minor: number;
  currency: string;
  popular: boolean;
}

/** The country whose currency and methods apply: the asked one (a site country), else the member's, else GeoIP's. */
export async function checkoutCountry(
  db: Db,
  site: Site,
  q: { asked?: string | undefined; userId?: number | undefined; clientCountry: string | null },
): Promise<string> {
  const allowed = new Set(site.countries);
  if (q.asked) {
    const asked = q.asked.toUpperCase();
    if (!allowed.has(asked)) throw badRequest({ field: 'country' });
    return asked;
  }
  if (q.userId) {
    const [row] = await db.query<{ country: string | null }>('SELECT country FROM profiles WHERE user_id = $1', [q.userId]);
    if (row?.country && allowed.has(row.country)) return row.country;
  }
  if (q.clientCountry && allowed.has(q.clientCountry)) return q.clientCountry;
  return site.countries.includes('NL') ? 'NL' : (site.countries[0] ?? 'NL');
}

async function packagesFor(db: Db, siteId: number, currency: string): Promise<PackageRow[]> {
  return db.query<PackageRow>(
    `SELECT id, credits, price_minor, currency, popular FROM credit_packages p
     WHERE active AND currency = $2
       AND (site_id = $1 OR (site_id IS NULL AND NOT EXISTS (SELECT 1 FROM credit_packages s WHERE s.site_id = $1 AND s.active AND s.currency = $2)))
     ORDER BY position, credits`,
    [siteId, currency],
  );
}

function methodView(id: string): Schemas['PaymentMethodOption'] {
  const m = methodById(id);
  return {
    id,
    name: m?.name ?? id,
    group: m?.group ?? 'card',
    issuers: m?.issuers ? m.issuers.map((i) => ({ id: i.id, name: i.name })) : [],
  };
}

/** listCreditPackages: the bundles in the country's currency, the methods that work there, and the discount. */
export async function listPackages(
  db: Db,
  q: { site: Site; userId: number | null; country: string; discountCode?: string | undefined },
): Promise<Schemas['CreditPackages']> {
  const currency = currencyOf(q.country);
  const rows = await packagesFor(db, q.site.id, currency);
  // A code that does not apply to one bundle (e.g. below its minimum order value) leaves that bundle's price alone;
  // an unknown, used or expired code, or one that fits no bundle, is the member's to hear about.
  let discount: CheckoutDiscount | null = null;
  const applicable = new Set<number>();
  if (q.discountCode && q.userId !== null) {
    let lastRefusal: AppError | null = null;
    for (const row of rows) {
      try {
        discount = await evaluateCode(db, q.discountCode, {
          userId: q.userId,
          siteId: q.site.id,
          country: q.country,
          currency,
          listPriceMinor: row.price_minor,
        });
        applicable.add(row.id);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'code_not_applicable') throw error;
        lastRefusal = error;
      }
    }
    if (applicable.size === 0 && lastRefusal) throw lastRefusal;
  }
  return {
    country: q.country,
    currency,
    refund_days: q.site.refund_days,
    // The methods the code is valid for go with it: the checkout shows them, and the full price under any other.
    discount: discount
      ? {
          code: discount.code,
          percentage: discount.percentage,
          methods: discount.paymentmethods.length > 0 ? discount.paymentmethods : null,
        }
      : null,
    packages: rows.map((r) => ({
      id: r.id,
      credits: r.credits,
      currency: r.currency,
      price_minor: r.price_minor,
      discounted_price_minor: discount && applicable.has(r.id) ? r.price_minor - discountMinor(r.price_minor, discount.percentage) : null,
      popular: r.popular,
    })),
    methods: methodsFor(q.country, currency).map((m) => methodView(m.id)),
  };
}

export interface CreatePaymentInput {
  package_id: number;
  method: string;
  issuer?: string | undefined;
  discount_code?: string | undefined;
  country?: string | undefined;
}

/** Validates the method (offered in the country and currency, a bank where it asks for one). */
function checkMethod(country: string, currency: string, method: string, issuer: string | undefined): void {
  const m = methodsFor(country, currency).find((x) => x.id === method);
  if (!m || m.group === 'directdebit') throw new AppError(422, 'method_unavailable', { params: { field: 'method' } });
  if (m.issuers) {
    if (!issuer) throw new AppError(422, 'issuer_required', { params: { field: 'issuer' } });
    if (!m.issuers.some((i) => i.id === issuer)) throw new AppError(422, 'issuer_required', { params: { field: 'issuer' } });
  } else if (issuer) {
    throw badRequest({ field: 'issuer' });
  }
}

interface PaymentRow {
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
  discount_code: string | null;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: PaymentStatus;
  credited_at: Date | null;
  paid_at: Date | null;
  charged_back_at: Date | null;
  refunded_minor: number;
  created_at: Date;
  mandate_id: string | null;
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
];
const PAYMENT_COLUMNS = PAYMENT_COLUMN_NAMES.join(', ');
const paymentColumnsOf = (alias: string) => PAYMENT_COLUMN_NAMES.map((c) => `${alias}.${c}`).join(', ');

export interface NewPayment {
  userId: number;
  site: Site;
  country: string;
  packageId: number;
  method: string;
  issuer?: string | undefined;
  discountCode?: string | undefined;
  mandateId?: string | null | undefined;
  /** Runs inside the transaction that writes the payment row (direct-debit limits). */
  guard?: (tx: Db, amountMinor: number, currency: string) => Promise<void>;
}

/** Writes the payment row and redeems its discount in one transaction; answers the row. */
export async function insertPayment(db: Db, p: NewPayment, providerName: string): Promise<PaymentRow> {
  const currency = currencyOf(p.country);
  return db.transaction(async (tx) => {
    // One checkout of a member at a time: limits and per-member codes are checked against settled facts.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [p.userId]);
    const [pkg] = await tx.query<PackageRow>(
      `SELECT id, credits, price_minor, currency, popular FROM credit_packages WHERE id = $1 AND active AND currency = $2 AND (site_id IS NULL OR site_id = $3)`,
      [p.packageId, currency, p.site.id],
    );
    if (!pkg) throw notFound();
    const discount = p.discountCode
      ? await evaluateCode(tx, p.discountCode, {
          userId: p.userId,
          siteId: p.site.id,
          country: p.country,
          currency,
          listPriceMinor: pkg.price_minor,
          method: p.method,
        })
      : null;
    const off = discount ? discountMinor(pkg.price_minor, discount.percentage) : 0;
    if (p.guard) await p.guard(tx, pkg.price_minor - off, currency);
    const [row] = await tx.query<PaymentRow>(
      `INSERT INTO payments (user_id, site_id, package_id, credits, list_price_minor, discount_minor, amount_minor, currency, country, method, issuer,
         discount_code_id, discount_code, mandate_id, provider)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       RETURNING ${PAYMENT_COLUMNS}`,
      [
        p.userId,
        p.site.id,
        pkg.id,
        pkg.credits,
        pkg.price_minor,
        off,
        pkg.price_minor - off,
        currency,
        p.country,
        p.method,
        p.issuer ?? null,
        discount?.id ?? null,
        discount?.code ?? null,
        p.mandateId ?? null,
        providerName,
      ],
    );
    const payment = row as PaymentRow;
    if (discount) await redeem(tx, discount, p.userId, payment.id);
    return payment;
  });
}

/** Hands the payment row to the provider; on failure the row fails and its discount is released (nothing lost). */
export async function openAtProvider(
  deps: PaymentsDeps,
  payment: PaymentRow,
  opts: { redirectUrl: string; siteName: string; sequenceType?: 'oneoff' | 'recurring'; providerMandateId?: string | undefined },
): Promise<PaymentRow> {
  const method = methodById(payment.method);
  let created: ProviderPayment;
  try {
    created = await deps.provider.createPayment({
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      description: `${opts.siteName}: ${payment.credits} credits`,
      method: method?.psp ?? payment.method,
      brand: method?.brand,
      issuer: payment.issuer ?? undefined,
      redirectUrl: opts.redirectUrl,
      webhookUrl: deps.webhookUrl(),
      metadata: { payment_id: Number(payment.id), user_id: payment.user_id },
      sequenceType: opts.sequenceType ?? 'oneoff',
      mandateId: opts.providerMandateId,
      idempotencyKey: `payment-${payment.id}`,
    });
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, 'payment provider refused or unreachable; payment failed');
    await deps.db.transaction(async (tx) => {
      await tx.query(`UPDATE payments SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'open'`, [payment.id]);
      await release(tx, payment.id);
    });
    throw new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' }, cause: error });
  }
  const [row] = await deps.db.query<PaymentRow>(
    `UPDATE payments SET provider_payment_id = $2, checkout_url = $3, updated_at = now() WHERE id = $1 RETURNING ${PAYMENT_COLUMNS}`,
    [payment.id, created.id, created.checkoutUrl],
  );
  // A direct debit is pending at once; record what the provider says.
  if (created.status === 'open') return row as PaymentRow;
  await tell(
    deps.bus,
    [await settle(deps.db, created, deps.logger)].filter((id) => id !== null),
  );
  const [settled] = await deps.db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [payment.id]);
  return settled as PaymentRow;
}

export async function createPayment(
  deps: PaymentsDeps,
  q: { userId: number; site: Site; clientCountry: string | null; origin: string; input: CreatePaymentInput },
): Promise<Schemas['PaymentCreated']> {
  const country = await checkoutCountry(deps.db, q.site, { asked: q.input.country, userId: q.userId, clientCountry: q.clientCountry });
  checkMethod(country, currencyOf(country), q.input.method, q.input.issuer);
  const payment = await insertPayment(
    deps.db,
    {
      userId: q.userId,
      site: q.site,
      country,
      packageId: q.input.package_id,
      method: q.input.method,
      issuer: q.input.issuer,
      discountCode: q.input.discount_code,
    },
    deps.provider.name,
  );
  const opened = await openAtProvider(deps, payment, { redirectUrl: `${q.origin}/transactions/${payment.id}`, siteName: q.site.name });
  return { payment_id: Number(opened.id), status: opened.status, checkout_url: opened.checkout_url };
}

function isoOrNull(d: Date | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

function toTransaction(r: PaymentRow): Schemas['Transaction'] {
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
  };
}

/** getPayment: the member's own payment (404 for anyone else's: no enumeration). Reads only; never settles. */
export async function getPayment(db: Db, userId: number, id: number): Promise<Schemas['Transaction']> {
  const [row] = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND user_id = $2`, [id, userId]);
  if (!row) throw notFound();
  return toTransaction(row);
}

/** listTransactions: the member's payments, newest first, with his balance and refunds. */
export async function listTransactions(db: Db, userId: number): Promise<Schemas['TransactionList']> {
  const rows = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
    [userId],
  );
  const refunds = await db.query<{
    id: string;
    payment_id: string;
    credits: number;
    amount_minor: number;
    currency: string;
    status: 'pending' | 'refunded' | 'failed';
    created_at: Date;
  }>(
    'SELECT id, payment_id, credits, amount_minor, currency, status, created_at FROM payment_refunds WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200',
    [userId],
  );
  const [user] = await db.query<{ credits: number; paid_user: boolean }>('SELECT credits, paid_user FROM users WHERE id = $1', [userId]);
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

/**
 * Brings our payment in line with the provider's (already fetched, so trusted) payment, in one transaction:
 * paid → credits granted as a paid lot, the payment marked paid and the member premium, all together, once;
 * failed / canceled / expired → the discount released; a chargeback → the lot's unused credits taken back and, if
 * some were already spent, the member blocked for direct debit. A paid payment never goes back.
 */
export async function settle(db: Db, p: ProviderPayment, logger: Logger, tx?: Db): Promise<number | null> {
  /** The member whose balance changed (a balance event is recorded in the same transaction), else null. */
  const run = async (t: Db): Promise<number | null> => {
    const [row] = await t.query<PaymentRow & { refund_days: number }>(
      `SELECT ${paymentColumnsOf('p')}, s.refund_days FROM payments p JOIN sites s ON s.id = p.site_id
       WHERE p.provider_payment_id = $1 FOR UPDATE OF p`,
      [p.id],
    );
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
      await t.query(`UPDATE payments SET status = 'paid', credited_at = now(), paid_at = now(), updated_at = now() WHERE id = $1`, [
        row.id,
      ]);
      await t.query('UPDATE users SET paid_user = true, updated_at = now() WHERE id = $1 AND NOT paid_user', [row.user_id]);
      logger.info({ paymentId: row.id, credits: row.credits }, 'payment paid; credits granted');
      changed = true;
    } else if (row.status !== 'paid' && row.status !== p.status && !FINAL.has(row.status)) {
      await t.query('UPDATE payments SET status = $2, updated_at = now() WHERE id = $1', [row.id, p.status]);
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
  const [lot] = await tx.query<{ id: string; credits: number; remaining: number }>(
    'SELECT id, credits, remaining FROM credit_lots WHERE payment_id = $1 FOR UPDATE',
    [paymentId],
  );
  await tx.query('UPDATE payments SET charged_back_at = now(), updated_at = now() WHERE id = $1', [paymentId]);
  if (!lot) return;
  if (lot.remaining > 0) {
    const [user] = await tx.query<{ credits: number }>(
      'UPDATE users SET credits = credits - $2, updated_at = now() WHERE id = $1 RETURNING credits',
      [userId, lot.remaining],
    );
    await tx.query('UPDATE credit_lots SET remaining = 0, refundable_until = NULL, updated_at = now() WHERE id = $1', [lot.id]);
    await insertLedger(tx, {
      userId,
      delta: -lot.remaining,
      reason: 'chargeback',
      balanceAfter: user?.credits ?? 0,
      lotId: lot.id,
      ref: `payment:${paymentId}`,
    });
  } else {
    await tx.query('UPDATE credit_lots SET refundable_until = NULL, updated_at = now() WHERE id = $1', [lot.id]);
  }
  if (lot.remaining < lot.credits) {
    await tx.query(`INSERT INTO direct_debit_blocks (user_id, reason) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
      userId,
      `chargeback of payment ${paymentId}`,
    ]);
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
  const seen = await deps.db.query('SELECT 1 FROM payment_webhook_inbox WHERE event_id = $1', [event.eventId]);
  if (seen.length > 0) return { status: 200, body: { ok: true, duplicate: true } };
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
    const inserted = await tx.query(
      `INSERT INTO payment_webhook_inbox (event_id, provider, provider_payment_id, event_type) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
      [event.eventId, deps.provider.name, event.paymentId, event.type],
    );
    if (inserted.length === 0) return { duplicate: true, member: null };
    return { duplicate: false, member: await settle(tx, payment, deps.logger, tx) };
  });
  faultPoint('webhook-after-commit');
  if (member !== null) await tell(deps.bus, [member]);
  return { status: 200, body: { ok: true, ...(duplicate ? { duplicate: true } : {}) } };
}

/**
 * The follow-up job: payments still open or pending after a while are fetched from the provider and settled (a lost
 * webhook costs a minute, not the member's credits); rows that never reached the provider (the backend died between
 * writing the row and the provider's answer) expire after 30 minutes, giving their discount back.
 */
export async function followUpPayments(deps: PaymentsDeps, limit = 50): Promise<{ checked: number; expired: number }> {
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `UPDATE payments SET status = 'expired', updated_at = now()
       WHERE status = 'open' AND provider_payment_id IS NULL AND created_at < now() - interval '30 minutes' RETURNING id`,
    );
    for (const r of rows) await release(tx, r.id);
    return rows.length;
  });
  const due = await deps.db.query<{ provider_payment_id: string }>(
    `SELECT provider_payment_id FROM payments
     WHERE status IN ('open', 'pending') AND provider_payment_id IS NOT NULL AND updated_at < now() - interval '1 minute'
       AND created_at > now() - interval '30 days'
     ORDER BY updated_at LIMIT $1`,
    [limit],
  );
  let checked = 0;
  for (const d of due) {
    try {
      const p = await deps.provider.getPayment(d.provider_payment_id);
      const member = await settle(deps.db, p, deps.logger);
      if (member !== null) await tell(deps.bus, [member]);
      await deps.db.query('UPDATE payments SET updated_at = now() WHERE provider_payment_id = $1', [d.provider_payment_id]);
      checked += 1;
    } catch (error) {
      deps.logger.warn({ err: error, providerPaymentId: d.provider_payment_id }, 'payment follow-up failed; next run tries again');
    }
  }
  return { checked, expired };
}
