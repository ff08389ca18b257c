import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Loading } from '../../../components/loading';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { useCreditPackages } from '../api/credit-packages';
import { createPayment, useTransactions } from '../api/payments';
import { formatMoney } from '../money';
import { CreditsCheckout } from './credits-checkout';
import { MethodName } from './method-name';

/**
 * /credits/repeat-order for premium members: the last completed order again in one step (same bundle, method and
 * bank, today's price); without one, the normal bundle choice.
 */
export function RepeatOrder() {
  const intl = useIntl();
  const api = useApi();
  const history = useTransactions(true);
  const packages = useCreditPackages(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useMemo(() => createAttemptKeys(), []);
  if (!history.data || !packages.data)
    return history.error || packages.error ? <CreditsCheckout packageId={null} method={null} /> : <Loading />;
  const last = history.data.transactions.find((t) => t.status === 'paid' && t.package_id !== null);
  const pkg = last ? packages.data.packages.find((p) => p.id === last.package_id) : undefined;
  const method = last ? packages.data.methods.find((m) => m.id === last.method && m.group !== 'directdebit') : undefined;
  if (!last || !pkg || !method) return <CreditsCheckout packageId={null} method={null} />;

  const repeat = async () => {
    setBusy(true);
    setError(null);
    const body = {
      package_id: pkg.id,
      method: method.id,
      country: packages.data?.country ?? last.country,
      ...(last.issuer ? { issuer: last.issuer } : {}),
    };
    try {
      const created = await createPayment(api, body, keys(body));
      if (created.checkout_url) window.location.assign(created.checkout_url);
    } catch (err) {
      setError(
        isApiRequestError(err)
          ? err.message
          : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
      );
      setBusy(false);
    }
  };

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
      {error ? (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void repeat()} data-testid="repeat-button">
          <FormattedMessage id="credits.repeat.button" defaultMessage="Buy again" />
        </button>
        <Link to="/credits" className="btn btn-outline-secondary text-body">
          <FormattedMessage id="credits.repeat.other" defaultMessage="Choose another bundle" />
        </Link>
      </div>
    </section>
  );
}
