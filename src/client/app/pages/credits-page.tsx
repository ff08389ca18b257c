import { FormattedMessage, useIntl } from 'react-intl';
import { redirectDocument, useParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { IDEMPOTENCY_FIELD, idempotencyKeyOf } from '../../components/progressive-form';
import { creditPackagesKey, listCreditPackages, useCreditPackages } from '../../features/credits/api/credit-packages';
import { getWelcomeCode, WELCOME_CODE_KEY } from '../../features/credits/api/discount';
import {
  cancelPayment,
  checkoutAddress,
  CHECKOUT_HOP,
  createPayment,
  getPayment,
  listTransactions,
  paymentKey,
  resumePayment,
  TRANSACTIONS_KEY,
  type PaymentCreated,
} from '../../features/credits/api/payments';
import { getRefundQuote, refundQuoteKey, requestRefund } from '../../features/credits/api/refunds';
import { CreditsCheckout, PAY_FORM } from '../../features/credits/components/credits-checkout';
import { confirmDirectDebit, resendDirectDebitCode, startDirectDebit } from '../../features/credits/api/direct-debit';
import { DIRECT_DEBIT_FIELDS, DIRECT_DEBIT_FORM, DirectDebitForm } from '../../features/credits/components/direct-debit-form';
import type { Schemas } from '../../../shared/api/client';
import { CreditUses } from '../../features/credits/components/credit-uses';
import { PackageList } from '../../features/credits/components/package-list';
import { PaymentResult } from '../../features/credits/components/payment-result';
import { RepeatOrder } from '../../features/credits/components/repeat-order';
import { CANCEL_INTENT, CANCELLED, ORDER_FORM, RESUME_INTENT } from '../../features/credits/components/order-actions';
import { pageWith, REFUND_FORM, REFUNDED } from '../../features/credits/components/refund-panel';
import { TransactionsOverview } from '../../features/credits/components/transactions-overview';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { returnPathOf, runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import {
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  searchOf,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';

/**
 * The payment flow's data for the first render (the page works without JavaScript). A visitor sees the bundles at list
 * price. For a member who typed no code, the bundles at list price go out with the user call; a member who has never
 * paid then asks for his welcome discount (a member who has paid has none: not asked, so the browser logs no 404), and
 * with one the bundles at its price. A typed code asks for the bundles with it, and without it when it was refused (or
 * his unpaid order reserves it). A member's orders come along: his unfinished ones lead the page.
 */
export async function creditsLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const listPrices = () => prefetchKey(creditPackagesKey(null), () => listCreditPackages(ctx.api, null));
  if (!ctx.hasSession) return listPrices();
  const withCode = (code: string) => prefetchKey(creditPackagesKey(code), () => listCreditPackages(ctx.api, code));
  const orders = () => prefetchKey(TRANSACTIONS_KEY, () => listTransactions(ctx.api));
  const typed = searchOf(request).get('code');
  return prefetchForMember(ctx, async () => {
    if (typed) {
      const [priced, purchases] = await Promise.all([withCode(typed), orders()]);
      return priced.errors ? mergePrefetched(priced, await listPrices(), purchases) : mergePrefetched(priced, purchases);
    }
    const [welcome, plain, purchases] = await Promise.all([
      ctx.user.then((user) => (user && !user.paid_user ? getWelcomeCode(ctx.api) : null)),
      listPrices(),
      orders(),
    ]);
    const parts: PrefetchResult[] = [{ fallback: { [WELCOME_CODE_KEY]: welcome } }, plain, purchases];
    if (welcome) parts.push(await withCode(welcome.code));
    return mergePrefetched(...parts);
  });
}

/** /credits/repeat-order: the payment flow's data, whose purchases name the last order to repeat. */
export async function repeatOrderLoader(args: PageLoaderArgs): Promise<PrefetchResult> {
  return creditsLoader(args);
}

/**
 * /transactions and /transactions/{id} for the first render (the pages work without JavaScript): the payment, or the
 * purchases and what each would refund.
 */
export async function transactionsLoader({ params, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const paymentId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(paymentId !== null
        ? await Promise.all([
            prefetchKey(paymentKey(paymentId), () => getPayment(ctx.api, paymentId)),
            prefetchKey(TRANSACTIONS_KEY, () => listTransactions(ctx.api)),
          ])
        : await Promise.all([
            prefetchKey(TRANSACTIONS_KEY, () => listTransactions(ctx.api)),
            prefetchKey(refundQuoteKey(), () => getRefundQuote(ctx.api)),
          ])),
    ),
  );
}

/** Where a payment's answer leads: its hosted checkout, through the payment's page (`?checkout=1`) when it is elsewhere. */
function toCheckout(request: Request, payment: PaymentCreated): Response {
  const checkout = checkoutAddress(payment.checkout_url);
  if (!checkout) return seeOther(`/transactions/${payment.payment_id}`);
  // A checkout on the site's own origin is answered at once, as a new document (it is no page of this app); the
  // browser follows a form's redirect to another origin only when the page's CSP form-action names it, so the
  // provider's is reached from the payment's page.
  if (new URL(checkout).origin === new URL(request.url).origin) return redirectDocument(checkout, 303);
  return seeOther(`/transactions/${payment.payment_id}?${CHECKOUT_HOP}=1`);
}

/**
 * An unpaid order's forms, posted to its payment's page /transactions/{id} (from /credits, /transactions or that page;
 * without JavaScript, or through the router): "Resume payment" asks the backend for that same payment's checkout and
 * leads on to it; "Cancel order" cancels it with the form's Idempotency-Key (posted twice, cancelled once), which gives
 * its discount back, then 303 to the page it came from (`return`) with `?cancelled=`. A refusal (someone else's
 * payment, an order paid or expired meanwhile, the provider unreachable) renders the payment's page with the
 * backend's message.
 */
async function orderAction(request: Request, context: PageActionArgs['context'], paymentId: number, form: FormData) {
  const intent = textField(form, 'intent');
  if (intent === RESUME_INTENT)
    return runFormAction(
      ORDER_FORM,
      { intent, payment_id: String(paymentId) },
      () => resumePayment(context.api, paymentId),
      (resumed) => toCheckout(request, resumed),
    );
  const key = idempotencyKeyOf(form);
  const back = returnPathOf(form, `/transactions/${paymentId}`);
  return runFormAction(
    ORDER_FORM,
    { intent, payment_id: String(paymentId), [IDEMPOTENCY_FIELD]: key },
    () => cancelPayment(context.api, paymentId, key),
    () => seeOther(pageWith(back, CANCELLED, paymentId)),
  );
}

/**
 * The forms posted to /transactions and /transactions/{id}: an unpaid order's resume or cancel (orderAction), or the
 * refund confirmation, posted without JavaScript (or before the page hydrated): the refund of the purchase's unused
 * credits is asked with the form's Idempotency-Key (posted twice, refunded once), then 303 to the transactions saying
 * so; a refusal renders the confirmation again with the backend's message and the same key.
 */
export async function transactionsAction({ request, params, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const intent = textField(form, 'intent');
  if (intent === RESUME_INTENT || intent === CANCEL_INTENT) {
    if (!params.id || !/^\d{1,9}$/.test(params.id)) return seeOther('/transactions');
    return orderAction(request, context, Number(params.id), form);
  }
  const raw = textField(form, 'payment_id');
  if (!/^\d{1,9}$/.test(raw)) return seeOther('/transactions');
  const paymentId = Number(raw);
  const key = idempotencyKeyOf(form);
  return runFormAction(
    REFUND_FORM,
    { payment_id: raw, [IDEMPOTENCY_FIELD]: key },
    () => requestRefund(context.api, paymentId, key),
    () => seeOther(`/transactions?${REFUNDED}=${paymentId}`),
  );
}

/** /directdebit?package={id}&code=…: the bundles (with the code, else without) for the first render. */
export async function directDebitLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const code = searchOf(request).get('code');
  return prefetchForMember(ctx, async () => {
    const withCode = await prefetchKey(creditPackagesKey(code), () => listCreditPackages(ctx.api, code));
    if (code === null || !withCode.errors) return withCode;
    return mergePrefetched(withCode, await prefetchKey(creditPackagesKey(null), () => listCreditPackages(ctx.api, null)));
  });
}

/** The code step's address: the mandate, its reference and the masked number the code went to (never the IBAN). */
function codeStep(query: URLSearchParams, started: Schemas['DirectDebitStarted'], resent: boolean): Response {
  const next = new URLSearchParams(query);
  next.set('mandate', String(started.mandate_id));
  next.set('reference', started.reference);
  next.set('mobile', started.mobile);
  if (resent) next.set('resent', '1');
  else next.delete('resent');
  return seeOther(`/directdebit?${next.toString()}`);
}

/**
 * The direct-debit forms posted without JavaScript (or before the page hydrated) to /directdebit?package={id}: the
 * details (`intent=start`) send the SMS code, then 303 to the code step; a new code (`resend`) the same; the code
 * (`confirm`) confirms the mandate with the form's Idempotency-Key (posted twice, debited once), then 303 to the
 * payment. A refusal renders the step again with the backend's errors beside their fields and what was typed.
 */
export async function directDebitAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const url = new URL(request.url);
  const query = url.searchParams;
  const form = await request.formData();
  const intent = textField(form, 'intent');
  const discountCode = textField(form, 'discount_code').trim();
  const packageId = Number(query.get('package'));
  if (!Number.isSafeInteger(packageId) || packageId <= 0) return seeOther('/credits');
  const key = idempotencyKeyOf(form);
  const mandate = Number(textField(form, 'mandate_id'));
  if (intent === 'start') {
    const values = Object.fromEntries(DIRECT_DEBIT_FIELDS.map((f) => [f, textField(form, f).trim()])) as Record<
      (typeof DIRECT_DEBIT_FIELDS)[number],
      string
    >;
    const consent = textField(form, 'consent') !== '';
    return runFormAction(
      DIRECT_DEBIT_FORM,
      { ...values, intent, consent: consent ? 'on' : '', [IDEMPOTENCY_FIELD]: key },
      // The backend refuses a mandate without consent (its error names the field).
      () =>
        startDirectDebit(context.api, {
          package_id: packageId,
          ...values,
          consent,
          ...(discountCode ? { discount_code: discountCode } : {}),
        }),
      (started) => codeStep(query, started, false),
    );
  }
  if (!Number.isSafeInteger(mandate) || mandate <= 0) return seeOther(`${url.pathname}${url.search}`);
  if (intent === 'resend')
    return runFormAction(
      DIRECT_DEBIT_FORM,
      { intent, [IDEMPOTENCY_FIELD]: key },
      () => resendDirectDebitCode(context.api, mandate),
      (started) => codeStep(query, started, true),
    );
  const code = textField(form, 'code').replace(/\D/g, '');
  return runFormAction(
    DIRECT_DEBIT_FORM,
    { intent: 'confirm', code, [IDEMPOTENCY_FIELD]: key },
    () => confirmDirectDebit(context.api, { mandate_id: mandate, code, ...(discountCode ? { discount_code: discountCode } : {}) }, key),
    (payment) => seeOther(`/transactions/${payment.payment_id}`),
  );
}

/**
 * The pay form posted to /credits/{id}/{method} (through the router, or by the browser without JavaScript): the
 * payment starts with the form's Idempotency-Key (the same attempt posted twice starts one payment), then 303 on to the
 * provider's hosted checkout the backend answered (http or https only) through the payment's page, which forwards there
 * (`?checkout=1`), or to the payment's page when there is none; a refusal renders the page again with the backend's
 * message and the bank kept.
 */
export async function payAction({ request, params, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const packageId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const method = params.paymentmethod ?? '';
  if (packageId === null || !method) return seeOther(new URL(request.url).pathname);
  const issuer = textField(form, 'issuer');
  const discountCode = textField(form, 'discount_code').trim();
  const country = textField(form, 'country');
  const key = idempotencyKeyOf(form);
  const body = {
    package_id: packageId,
    method,
    ...(country ? { country } : {}),
    ...(issuer ? { issuer } : {}),
    ...(discountCode ? { discount_code: discountCode } : {}),
  };
  return runFormAction(
    PAY_FORM,
    { issuer, [IDEMPOTENCY_FIELD]: key },
    () => createPayment(context.api, body, key),
    (created) => toCheckout(request, created),
  );
}

function LoginFirst() {
  const { data } = useCreditPackages(null);
  return (
    <div className="surface">
      <p>
        <FormattedMessage id="credits.login" defaultMessage="Log in or sign up for free to buy credits." />
      </p>
      <div className="d-flex gap-2 mb-3">
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" defaultMessage="Log in" />
        </Link>
        <Link to="/signup" className="btn btn-outline-dark">
          <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
        </Link>
      </div>
      {data ? <PackageList packages={data.packages} linkTo={null} /> : null}
    </div>
  );
}

/**
 * What premium is: what the first credit bundle gives a member — every photo unblurred, 25 photos of his own, the
 * one-step repeat of his order where the site offers it (`member_resell`), paying per message with his credits (every
 * message costs the site's `message_credits`; no "chat without limits") — with no subscription and unused credits
 * refundable within the site's `refund_days`.
 */
function PremiumBenefits() {
  const settings = useSettings();
  const intl = useIntl();
  return (
    <>
      <p className="mb-2" data-testid="premium-intro">
        <FormattedMessage id="premium.intro" defaultMessage="Premium is what your first credit bundle gives you:" />
      </p>
      <ul className="premium-benefits" data-testid="premium-benefits">
        <li>
          <FormattedMessage id="premium.benefit.photos" defaultMessage="See every member's photos unblurred and upload up to 25 photos" />
        </li>
        {settings.member_resell ? (
          <li>
            <FormattedMessage id="premium.benefit.repeat" defaultMessage="Buy again in one step: repeat your last order" />
          </li>
        ) : null}
        <li>
          <FormattedMessage
            id="premium.benefit.perMessage"
            defaultMessage="Pay per message with your credits: {credits, plural, one {# credit} other {# credits}} a message"
            values={{ credits: settings.message_credits }}
          />
        </li>
        <li>
          <FormattedMessage
            id="premium.benefit.match"
            defaultMessage="A {percent} higher chance of a match"
            values={{ percent: intl.formatNumber(0.46, { style: 'percent' }) }}
          />
        </li>
        <li>
          <FormattedMessage
            id="premium.benefit.refund"
            defaultMessage="No subscription; unused credits are refundable within {days} days"
            values={{ days: settings.refund_days }}
          />
        </li>
      </ul>
    </>
  );
}

/** /credits, /credits/{id}/{paymentmethod?} and /premium: buying a credit bundle (payment flow). */
export function CreditsPage({ variant = 'credits' }: { variant?: 'credits' | 'premium' }) {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const params = useParams();
  const packageId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const title =
    variant === 'premium'
      ? intl.formatMessage({ id: 'premium.title', defaultMessage: 'Get Premium' })
      : intl.formatMessage({ id: 'credits.title', defaultMessage: 'Buy credits' });
  return (
    <section className="my-4 page-narrow credits-page">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <h1 className="h3">{title}</h1>
      {variant === 'premium' ? <PremiumBenefits /> : null}
      <CreditUses settings={settings} user={user} />
      {user ? <CreditsCheckout packageId={packageId} method={params.paymentmethod ?? null} /> : <LoginFirst />}
    </section>
  );
}

/**
 * /credits/repeat-order: premium members repeat their last order in one step where the site offers it
 * (`member_resell`); everybody else chooses a bundle.
 */
export function RepeatOrderPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const settings = useSettings();
  const title = intl.formatMessage({ id: 'credits.repeat.pageTitle', defaultMessage: 'Credits' });
  return (
    <section className="my-4 page-narrow credits-page">
      <Seo title={title} />
      <h1 className="h3">{title}</h1>
      {user ? (
        <>
          <p data-testid="balance">
            <FormattedMessage
              id="credits.balance"
              defaultMessage="Your balance: {credits, plural, one {# credit} other {# credits}}"
              values={{ credits: user.credits }}
            />
          </p>
          <CreditUses settings={settings} user={null} />
          {user.paid_user && settings.member_resell ? <RepeatOrder /> : <CreditsCheckout packageId={null} method={null} />}
        </>
      ) : (
        <LoginFirst />
      )}
    </section>
  );
}

/** /transactions and /transactions/{id}: the member's payments, refunds, and the result of one payment. */
export function TransactionsPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const { id } = useParams();
  const paymentId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const title =
    paymentId !== null
      ? intl.formatMessage({ id: 'transactions.one', defaultMessage: 'Your payment' })
      : intl.formatMessage({ id: 'transactions.title', defaultMessage: 'My transactions' });
  return (
    <section className="my-4 page-narrow credits-page">
      <Seo title={title} />
      <h1 className="h3">{title}</h1>
      {!user ? (
        <LoginFirst />
      ) : paymentId !== null ? (
        <>
          <PaymentResult id={paymentId} />
          <p className="mt-3">
            <Link to="/transactions">
              <FormattedMessage id="credits.toTransactions" defaultMessage="My transactions" />
            </Link>
          </p>
        </>
      ) : (
        <TransactionsOverview />
      )}
    </section>
  );
}

/** /directdebit?package={id}: paying a bundle by SEPA direct debit (form, then the SMS code). */
export function DirectDebitPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const title = intl.formatMessage({ id: 'directDebit.title', defaultMessage: 'Pay by direct debit' });
  return (
    <section className="my-4 page-narrow credits-page">
      <Seo title={title} />
      <h1 className="h3">{title}</h1>
      {user ? <DirectDebitForm /> : <LoginFirst />}
    </section>
  );
}
