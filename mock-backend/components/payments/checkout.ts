import { currencyOf, methodById, methodsFor } from '../../../src/shared/payment-methods';
import type { Schemas } from '../../lib/api-types';
import type { Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { discountMinor, evaluateCode, redeem, release, type CheckoutDiscount } from '../credits/index';
import { tell } from '../../lib/live-events';
import { openForMs } from './deadlines';
import type { ProviderPayment } from './provider';
import * as repo from './repository';
import type { PaymentRow } from './repository';
import { settle } from './settlement';
import type { PaymentsDeps } from './service';

/**
 * Checkout: the bundles per country and currency with the methods that work there, and a payment opened at the
 * provider. Nothing here settles a payment except what the provider answers at once (settlement.ts).
 */

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
    const country = await repo.profileCountry(db, q.userId);
    if (country && allowed.has(country)) return country;
  }
  if (q.clientCountry && allowed.has(q.clientCountry)) return q.clientCountry;
  return site.countries.includes('NL') ? 'NL' : (site.countries[0] ?? 'NL');
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
  const rows = await repo.packagesFor(db, q.site.id, currency);
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

/** createPayment's body as the contract validated it. */
export type CreatePaymentInput = Schemas['CreatePaymentRequest'];

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
    await repo.lockMember(tx, p.userId);
    const pkg = await repo.findPackage(tx, p.packageId, currency, p.site.id);
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
    const payment = await repo.insertPaymentRow(tx, {
      userId: p.userId,
      siteId: p.site.id,
      packageId: pkg.id,
      credits: pkg.credits,
      listPriceMinor: pkg.price_minor,
      discountMinor: off,
      currency,
      country: p.country,
      method: p.method,
      issuer: p.issuer ?? null,
      discountCodeId: discount?.id ?? null,
      discountCode: discount?.code ?? null,
      mandateId: p.mandateId ?? null,
      provider: providerName,
      openForMs: openForMs(p.method),
    });
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
      await repo.failOpenPayment(tx, payment.id);
      await release(tx, payment.id);
    });
    throw new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' }, cause: error });
  }
  const row = await repo.recordProviderPayment(deps.db, payment.id, created.id, created.checkoutUrl);
  // A direct debit is pending at once; record what the provider says.
  if (created.status === 'open') return row;
  await tell(
    deps.bus,
    [await settle(deps.db, created, deps.logger)].filter((id) => id !== null),
  );
  return repo.findPayment(deps.db, payment.id);
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
