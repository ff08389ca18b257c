import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Loading } from '../../../components/loading';
import { IdempotencyKeyField, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { useCreditPackages } from '../api/credit-packages';
import { useTransactions } from '../api/payments';
import { formatMoney } from '../money';
import { CreditsCheckout } from './credits-checkout';
import { MethodName } from './method-name';

/**
 * /credits/repeat-order for premium members: the last completed order again in one step (same bundle, method and
 * bank, today's price); without one, the normal bundle choice. "Buy again" is the pay form of that bundle and method
 * (its route action, app/pages/credits-page.tsx, starts the payment with the form's Idempotency-Key and leads on to
 * the provider's checkout), so it works without JavaScript too; a refusal shows on that bundle's pay page.
 */
export function RepeatOrder() {
  const intl = useIntl();
  const history = useTransactions(true);
  const packages = useCreditPackages(null);
  const attempt = useIdempotencyKey();
  const last = history.data?.transactions.find((t) => t.status === 'paid' && t.package_id !== null);
  const pkg = last && packages.data ? packages.data.packages.find((p) => p.id === last.package_id) : undefined;
  const method = last && packages.data ? packages.data.methods.find((m) => m.id === last.method && m.group !== 'directdebit') : undefined;
  const action = pkg && method ? `/credits/${pkg.id}/${encodeURIComponent(method.id)}` : '/credits';
  const busy = useSubmitting(action);
  if (!history.data || !packages.data)
    return history.error || packages.error ? <CreditsCheckout packageId={null} method={null} /> : <Loading />;
  if (!last || !pkg || !method) return <CreditsCheckout packageId={null} method={null} />;

  return (
    <section className="surface repeat-order" data-testid="repeat-order">
      <h2 className="h5">
        <FormattedMessage id="credits.repeat.title" defaultMessage="Repeat your last order" />
      </h2>
      <p>
        <FormattedMessage
          id="credits.repeat.body"
          defaultMessage="{credits, number} credits for {price} with {method}."
          values={{
            credits: pkg.credits,
            price: formatMoney(intl, pkg.price_minor, pkg.currency),
            method: <MethodName key="m" method={method} />,
          }}
        />
      </p>
      <RouterForm action={action} className="d-flex flex-wrap gap-2">
        <IdempotencyKeyField value={attempt.key} />
        <input type="hidden" name="country" value={packages.data.country ?? last.country} />
        {last.issuer ? <input type="hidden" name="issuer" value={last.issuer} /> : null}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="repeat-button">
          <FormattedMessage id="credits.repeat.button" defaultMessage="Buy again" />
        </button>
        <Link to="/credits" className="btn btn-outline-secondary text-body">
          <FormattedMessage id="credits.repeat.other" defaultMessage="Choose another bundle" />
        </Link>
      </RouterForm>
    </section>
  );
}
