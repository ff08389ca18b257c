import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { useCreditPackages } from '../../features/credits/api/credit-packages';
import { CreditsCheckout } from '../../features/credits/components/credits-checkout';
import { DirectDebitForm } from '../../features/credits/components/direct-debit-form';
import { PackageList } from '../../features/credits/components/package-list';
import { PaymentResult } from '../../features/credits/components/payment-result';
import { RepeatOrder } from '../../features/credits/components/repeat-order';
import { TransactionsOverview } from '../../features/credits/components/transactions-overview';
import { useCurrentUser, useSettings } from '../../lib/store/store';

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
      {variant === 'premium' ? (
        <ul className="premium-benefits">
          <li>
            <FormattedMessage id="premium.benefit.photos" defaultMessage="See every member's photos unblurred and upload up to 25 photos" />
          </li>
          <li>
            <FormattedMessage id="premium.benefit.chat" defaultMessage="Chat without limits: pay per message with credits" />
          </li>
          <li>
            <FormattedMessage id="premium.benefit.match" defaultMessage="A 46% higher chance of a match" />
          </li>
          <li>
            <FormattedMessage
              id="premium.benefit.refund"
              defaultMessage="No subscription; unused credits are refundable within {days} days"
              values={{ days: settings.refund_days }}
            />
          </li>
        </ul>
      ) : null}
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
