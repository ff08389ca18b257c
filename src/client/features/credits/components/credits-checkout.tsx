import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/store/store';
import { useCreditPackages, type CreditPackage, type CreditPackages, type PaymentMethodOption } from '../api/credit-packages';
import { useActiveDiscount } from '../api/discount';
import { formatMoney } from '../money';
import { MethodName } from './method-name';
import { OpenOrders } from './open-orders';
import { CANCELLED } from './order-actions';
import { PaymentMark } from './payment-mark';
import { PackageList } from './package-list';

const CODE_ERRORS = new Set(['code_not_found', 'code_used', 'code_expired', 'code_not_applicable', 'code_reserved_elsewhere']);
const codeError = (error: unknown) => (isApiRequestError(error) && error.code && CODE_ERRORS.has(error.code) ? error : null);
/** The member's own unpaid order holds the discount: it is still his, and the page says which order to pay or cancel. */
const reservation = (error: unknown) => (isApiRequestError(error) && error.code === 'code_reserved' ? error : null);

type Discount = CreditPackages['discount'];

/** The pay form's name (its route action: app/pages/credits-page.tsx). */
export const PAY_FORM = 'pay';

/** Whether the discount holds for the method: a code valid for some methods only leaves the others at full price. */
function codeAllows(discount: Discount, methodId: string): boolean {
  return !discount?.methods || discount.methods.includes(methodId);
}

/** The methods a code is valid for, by their names, as one list in the member's language ("iDEAL and card"). */
function useMethodNames(discount: Discount, methods: PaymentMethodOption[]): string | null {
  const intl = useIntl();
  if (!discount?.methods) return null;
  const names = discount.methods.map((id) => methods.find((m) => m.id === id)?.name ?? id);
  return intl.formatList(names, { type: 'conjunction' });
}

/** The page's query without an earlier cancel's `?cancelled=` (a new cancel names its own order). */
function withoutCancelled(query: string): string {
  const params = new URLSearchParams(query);
  params.delete(CANCELLED);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** `?code=` carried from step to step. */
function withCode(path: string, code: string | null): string {
  return code ? `${path}?code=${encodeURIComponent(code)}` : path;
}

/**
 * The payment flow: choose a bundle (/credits), the method (/credits/{id}), the bank where the method asks
 * for one, then go to the provider's hosted checkout. A discount code (typed, or the member's time bonus / welcome
 * code) lowers the prices shown and paid. Credits arrive when the provider reports the payment paid. The member's
 * unfinished orders come first, with "Resume payment" and "Cancel order"; a discount one of them holds is said to be
 * reserved for it (the prices are then the list prices), never "used": cancelling the order gives it back at once.
 */
export function CreditsCheckout({ packageId, method }: { packageId: number | null; method: string | null }) {
  const user = useCurrentUser();
  const { pathname, search: query } = useLocation();
  const [search] = useSearchParams();
  const typedCode = search.get('code');
  const welcome = useActiveDiscount(user !== null && !user.paid_user && !typedCode);
  const wanted = typedCode ?? welcome.data?.code ?? null;
  const withDiscount = useCreditPackages(wanted);
  const reserved = reservation(withDiscount.error);
  const refused = typedCode ? codeError(withDiscount.error) : null;
  const plain = useCreditPackages(null, null, refused !== null || (wanted !== null && withDiscount.error !== undefined));
  const listing = withDiscount.data ?? plain.data;
  const listingError = !listing ? (withDiscount.error ?? plain.error) : undefined;
  const code = refused ? null : (listing?.discount?.code ?? null);
  const discount = refused ? null : (listing?.discount ?? null);
  const chosen = listing?.packages.find((p) => p.id === packageId) ?? null;
  const chosenMethod = listing?.methods.find((m) => m.id === method) ?? null;
  const validFor = useMethodNames(discount, listing?.methods ?? []);
  // The price shown is the price charged: with a method the code does not cover, the full price.
  const discounted = chosenMethod ? codeAllows(discount, chosenMethod.id) : true;

  if (listingError && !listing) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!listing) return <Loading />;

  return (
    <div className="credits-checkout">
      {user ? <OpenOrders returnTo={`${pathname}${withoutCancelled(query)}`} /> : null}
      {reserved ? (
        <div className="alert alert-warning" role="status" data-testid="discount-reserved">
          {reserved.message}
        </div>
      ) : null}
      <DiscountForm code={typedCode} applied={listing.discount} validFor={validFor} refusal={refused?.message ?? null} />
      {!chosen ? (
        <section aria-labelledby="credits-step-package">
          <h2 className="h5" id="credits-step-package">
            <FormattedMessage id="credits.step.package" defaultMessage="1. Choose a bundle" />
          </h2>
          {packageId !== null ? (
            <Alert color="warning" fade={false}>
              <FormattedMessage id="credits.packageGone" defaultMessage="This bundle is not available; please choose another one." />
            </Alert>
          ) : null}
          <PackageList packages={listing.packages} linkTo={(p) => withCode(`/credits/${p.id}`, code)} />
        </section>
      ) : (
        <>
          <ChosenPackage pkg={chosen} code={code} discounted={discounted} />
          {!chosenMethod ? (
            <MethodList methods={listing.methods} pkg={chosen} discount={discount} code={code} unknown={method !== null} />
          ) : (
            <PayStep
              key={`${chosen.id}-${chosenMethod.id}`}
              pkg={chosen}
              method={chosenMethod}
              code={code}
              discounted={discounted}
              validFor={validFor}
              country={listing.country}
            />
          )}
        </>
      )}
      <p className="small text-body-secondary mt-3">
        <FormattedMessage
          id="credits.noSubscription"
          defaultMessage="No subscription: you pay once per bundle. Unused credits can be refunded within {days} days from your transactions."
          values={{ days: listing.refund_days }}
        />{' '}
        <Link to="/transactions">
          <FormattedMessage id="credits.toTransactions" defaultMessage="My transactions" />
        </Link>
      </p>
    </div>
  );
}

function ChosenPackage({ pkg, code, discounted }: { pkg: CreditPackage; code: string | null; discounted: boolean }) {
  const intl = useIntl();
  const reduced = discounted ? pkg.discounted_price_minor : null;
  const price = reduced ?? pkg.price_minor;
  return (
    <div className="surface credits-chosen d-flex flex-wrap align-items-center gap-2 mb-3">
      <span className="flex-grow-1">
        <FormattedMessage
          id="credits.chosen"
          defaultMessage="{credits, number} credits for {price}"
          values={{ credits: pkg.credits, price: <strong key="p">{formatMoney(intl, price, pkg.currency)}</strong> }}
        />
        {reduced !== null ? (
          <>
            {' '}
            <del className="text-body-secondary">{formatMoney(intl, pkg.price_minor, pkg.currency)}</del>
          </>
        ) : null}
      </span>
      <Link to={withCode('/credits', code)} className="btn btn-outline-secondary text-body btn-sm">
        <FormattedMessage id="credits.changePackage" defaultMessage="Other bundle" />
      </Link>
    </div>
  );
}

function MethodList({
  methods,
  pkg,
  discount,
  code,
  unknown,
}: {
  methods: PaymentMethodOption[];
  pkg: CreditPackage;
  discount: Discount;
  code: string | null;
  unknown: boolean;
}) {
  const intl = useIntl();
  const packageId = pkg.id;
  return (
    <section aria-labelledby="credits-step-method">
      <h2 className="h5" id="credits-step-method">
        <FormattedMessage id="credits.step.method" defaultMessage="2. Choose how to pay" />
      </h2>
      {unknown ? (
        <Alert color="warning" fade={false}>
          <FormattedMessage
            id="credits.methodGone"
            defaultMessage="This payment method is not available here; please choose another one."
          />
        </Alert>
      ) : null}
      <ul className="payment-methods list-unstyled" data-testid="payment-methods">
        {methods.map((m) => (
          <li key={m.id}>
            <Link
              to={
                m.group === 'directdebit'
                  ? `/directdebit?package=${packageId}${code ? `&code=${encodeURIComponent(code)}` : ''}`
                  : withCode(`/credits/${packageId}/${m.id}`, code)
              }
              className="payment-method-link"
              data-testid={`method-${m.id}`}
            >
              <PaymentMark method={m.id} group={m.group} />
              <span>
                <MethodName method={m} />
                {code && pkg.discounted_price_minor !== null && !codeAllows(discount, m.id) ? (
                  <span className="d-block small text-body-secondary" data-testid={`method-full-price-${m.id}`}>
                    <FormattedMessage
                      id="credits.methodFullPrice"
                      defaultMessage="{price}: code {code} is not valid with this method"
                      values={{ price: formatMoney(intl, pkg.price_minor, pkg.currency), code }}
                    />
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PayStep({
  pkg,
  method,
  code,
  discounted,
  validFor,
  country,
}: {
  pkg: CreditPackage;
  method: PaymentMethodOption;
  code: string | null;
  /** Whether the code holds for this method (else the full price, and the code is not sent). */
  discounted: boolean;
  validFor: string | null;
  country: string;
}) {
  const intl = useIntl();
  const bankId = useId();
  const { pathname, search } = useLocation();
  // A refused payment comes back as the route action's data, with the attempt's key (sent again, it pays once).
  const refused = useFormFailure(PAY_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const busy = useSubmitting(pathname);
  const [issuer, setIssuer] = useState(refused?.fields.issuer ?? '');
  const [bankMissing, setBankMissing] = useState(false);
  const needsBank = method.issuers.length > 0;
  const error = bankMissing
    ? intl.formatMessage({ id: 'credits.chooseBank', defaultMessage: 'Choose your bank.' })
    : refused
      ? refused.error.body !== null
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
      : null;

  /** The bank is checked in the browser; the route action (app/pages/credits-page.tsx) starts the payment. */
  const check = (event: FormEvent) => {
    setBankMissing(needsBank && !issuer);
    if (needsBank && !issuer) event.preventDefault();
  };

  return (
    <section aria-labelledby="credits-step-pay">
      <h2 className="h5" id="credits-step-pay">
        {needsBank ? (
          <FormattedMessage
            id="credits.step.bank"
            defaultMessage="3. Choose your bank and pay with {method}"
            values={{ method: <MethodName key="m" method={method} /> }}
          />
        ) : (
          <FormattedMessage
            id="credits.step.pay"
            defaultMessage="3. Pay with {method}"
            values={{ method: <MethodName key="m" method={method} /> }}
          />
        )}
      </h2>
      <RouterForm action={`${pathname}${search}`} onSubmit={check} className="surface credits-pay" noValidate>
        <IdempotencyKeyField value={form.key} />
        <input type="hidden" name="country" value={country} />
        {code && discounted ? <input type="hidden" name="discount_code" value={code} /> : null}
        {needsBank ? (
          <div className="mb-3">
            <label htmlFor={bankId} className="form-label">
              <FormattedMessage id="credits.bank" defaultMessage="Your bank" />
            </label>
            <select
              id={bankId}
              name="issuer"
              className="form-select"
              value={issuer}
              onChange={(e) => setIssuer(e.target.value)}
              required
              aria-invalid={error !== null && !issuer}
            >
              <option value="">{intl.formatMessage({ id: 'credits.bankPlaceholder', defaultMessage: 'Choose your bank…' })}</option>
              {method.issuers.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {code && !discounted && pkg.discounted_price_minor !== null ? (
          <div className="alert alert-info" role="status" data-testid="code-not-for-method">
            <FormattedMessage
              id="credits.codeNotForMethod"
              defaultMessage="Code {code} is valid with {methods} only. With {method} you pay the full price, {price}."
              values={{ code, methods: validFor ?? '', method: method.name, price: formatMoney(intl, pkg.price_minor, pkg.currency) }}
            />{' '}
            <Link to={withCode(`/credits/${pkg.id}`, code)}>
              <FormattedMessage id="credits.otherMethod" defaultMessage="Other payment method" />
            </Link>
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        ) : null}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="pay-button">
            <FormattedMessage
              id="credits.pay"
              defaultMessage="Pay {price}"
              values={{ price: formatMoney(intl, (discounted ? pkg.discounted_price_minor : null) ?? pkg.price_minor, pkg.currency) }}
            />
          </button>
          <Link to={withCode(`/credits/${pkg.id}`, code)} className="btn btn-link">
            <FormattedMessage id="credits.otherMethod" defaultMessage="Other payment method" />
          </Link>
        </div>
        <p className="small text-body-secondary mt-2 mb-0">
          <FormattedMessage
            id="credits.redirectNote"
            defaultMessage="You will be taken to the payment page of our payment provider and then back here."
          />
        </p>
      </RouterForm>
    </section>
  );
}

function DiscountForm({
  code,
  applied,
  validFor,
  refusal,
}: {
  code: string | null;
  applied: Discount;
  validFor: string | null;
  refusal: string | null;
}) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [value, setValue] = useState(code ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(search);
    if (value.trim()) next.set('code', value.trim());
    else next.delete('code');
    const qs = next.toString();
    void navigate({ search: qs ? `?${qs}` : '' }, { replace: true });
  };
  return (
    <div className="mb-3">
      {applied && !refusal ? (
        <div className="alert alert-success py-2" role="status" data-testid="discount-applied">
          <FormattedMessage
            id="credits.discountApplied"
            defaultMessage="Discount {code}: {percentage} off the prices below."
            values={{
              code: applied.code,
              percentage: intl.formatNumber(applied.percentage / 100, { style: 'percent', maximumFractionDigits: 2 }),
            }}
          />
          {validFor ? (
            <>
              {' '}
              <FormattedMessage id="credits.discountMethods" defaultMessage="Valid with {methods}." values={{ methods: validFor }} />
            </>
          ) : null}
        </div>
      ) : null}
      {/* Only reads: a GET of this page with the code (the page's other query kept), which the router does with JavaScript. */}
      <form method="get" className="discount-form d-flex flex-wrap gap-2 align-items-end" onSubmit={apply}>
        {[...search.entries()]
          .filter(([name]) => name !== 'code')
          .map(([name, kept]) => (
            <input key={`${name}=${kept}`} type="hidden" name={name} value={kept} />
          ))}
        <div className="discount-field">
          <label htmlFor={id} className="form-label">
            <FormattedMessage id="credits.discountCode" defaultMessage="Discount code" />
          </label>
          <input
            id={id}
            name="code"
            className={`form-control${refusal ? ' is-invalid' : ''}`}
            value={value}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setValue(e.target.value)}
            aria-describedby={refusal ? `${id}-error` : undefined}
          />
        </div>
        <button type="submit" className="btn btn-outline-dark">
          <FormattedMessage id="credits.applyCode" defaultMessage="Apply" />
        </button>
        {refusal ? (
          <div id={`${id}-error`} className="invalid-feedback d-block w-100" role="alert" data-testid="discount-error">
            {refusal}
          </div>
        ) : null}
      </form>
    </div>
  );
}
