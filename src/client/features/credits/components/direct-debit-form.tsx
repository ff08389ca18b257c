import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { useSettings } from '../../../lib/store/store';
import { useCreditPackages } from '../api/credit-packages';
import { confirmDirectDebit, startDirectDebit, type DirectDebitRequest, type DirectDebitStarted } from '../api/direct-debit';
import { formatMoney } from '../money';

type Field = 'account_holder' | 'iban' | 'street' | 'house_number' | 'postcode' | 'city' | 'mobile';
const FIELDS: readonly Field[] = ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'mobile'];

/**
 * /directdebit: the SEPA direct-debit form (account holder, IBAN, street, house number, postcode, city,
 * mobile number, consent), then the 6-digit code the member receives by SMS; the first debit is then pending until
 * the provider settles it (/transactions/{id}).
 */
export function DirectDebitForm() {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const packageId = Number(search.get('package'));
  const code = search.get('code');
  const listing = useCreditPackages(code);
  const plain = useCreditPackages(null, null, listing.error !== undefined);
  const data = listing.data ?? plain.data;
  const pkg = data?.packages.find((p) => p.id === packageId) ?? null;
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ account_holder: '', iban: '', street: '', house_number: '', postcode: '', city: '', mobile: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'consent' | 'code', string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<DirectDebitStarted | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const keys = useMemo(() => createAttemptKeys(), []);

  const labels: Record<Field, string> = {
    account_holder: intl.formatMessage({ id: 'directDebit.accountHolder', defaultMessage: 'Account holder' }),
    iban: intl.formatMessage({ id: 'directDebit.iban', defaultMessage: 'IBAN' }),
    street: intl.formatMessage({ id: 'directDebit.street', defaultMessage: 'Street' }),
    house_number: intl.formatMessage({ id: 'directDebit.houseNumber', defaultMessage: 'House number' }),
    postcode: intl.formatMessage({ id: 'directDebit.postcode', defaultMessage: 'Postcode' }),
    city: intl.formatMessage({ id: 'directDebit.city', defaultMessage: 'City' }),
    mobile: intl.formatMessage({ id: 'directDebit.mobile', defaultMessage: 'Mobile number' }),
  };
  const autocomplete: Record<Field, string> = {
    account_holder: 'name',
    iban: 'off',
    street: 'address-line1',
    house_number: 'address-line2',
    postcode: 'postal-code',
    city: 'address-level2',
    mobile: 'tel',
  };

  const showError = (err: unknown) => {
    if (isApiRequestError(err)) {
      const field = err.params.field;
      if (typeof field === 'string' && (FIELDS.includes(field as Field) || field === 'consent' || field === 'code')) {
        setErrors({ [field]: err.message });
        return;
      }
      setGeneral(err.message);
      return;
    }
    setGeneral(intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }));
  };

  const submitForm = async (event: FormEvent) => {
    event.preventDefault();
    if (!pkg) return;
    const missing = FIELDS.filter((f) => values[f].trim() === '');
    const required = intl.formatMessage({ id: 'directDebit.required', defaultMessage: 'Please fill in this field.' });
    const next: Partial<Record<Field | 'consent', string>> = Object.fromEntries(missing.map((f) => [f, required]));
    if (!consent) next.consent = intl.formatMessage({ id: 'directDebit.consentRequired', defaultMessage: 'Please agree to the direct debit mandate.' });
    setErrors(next);
    setGeneral(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const body: DirectDebitRequest = { package_id: pkg.id, ...values, consent: true, ...(data?.discount && code ? { discount_code: code } : {}) };
      setStarted(await startDirectDebit(api, body));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!started) return;
    setErrors({});
    setGeneral(null);
    setBusy(true);
    try {
      const body = { mandate_id: started.mandate_id, code: smsCode.trim(), ...(data?.discount && code ? { discount_code: code } : {}) };
      const payment = await confirmDirectDebit(api, body, keys(body));
      await navigate(`/transactions/${payment.payment_id}`);
    } catch (err) {
      showError(err);
      setBusy(false);
    }
  };

  if (!data) return listing.error && plain.error ? <Alert color="danger" fade={false}>{intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}</Alert> : <Loading />;
  if (!pkg) {
    return (
      <Alert color="warning" fade={false}>
        <FormattedMessage id="credits.packageGone" defaultMessage="This bundle is not available; please choose another one." />{' '}
        <Link to="/credits">
          <FormattedMessage id="credits.changePackage" defaultMessage="Other bundle" />
        </Link>
      </Alert>
    );
  }
  const price = formatMoney(intl, pkg.discounted_price_minor ?? pkg.price_minor, pkg.currency);

  return (
    <div className="direct-debit">
      <p>
        <FormattedMessage id="credits.chosen" defaultMessage="{credits, number} credits for {price}" values={{ credits: pkg.credits, price: <strong key="p">{price}</strong> }} />
      </p>
      {general ? (
        <div className="alert alert-danger" role="alert">
          {general}
        </div>
      ) : null}
      {!started ? (
        <form className="surface" onSubmit={submitForm} noValidate data-testid="direct-debit-form">
          <div className="row g-3">
            {FIELDS.map((f) => (
              <div key={f} className={f === 'house_number' || f === 'postcode' ? 'col-6 col-md-3' : f === 'street' || f === 'city' ? 'col-12 col-md-6' : 'col-12'}>
                <label htmlFor={`${id}-${f}`} className="form-label">
                  {labels[f]}
                </label>
                <input
                  id={`${id}-${f}`}
                  name={f}
                  className={`form-control${errors[f] ? ' is-invalid' : ''}`}
                  value={values[f]}
                  autoComplete={autocomplete[f]}
                  inputMode={f === 'mobile' ? 'tel' : undefined}
                  type={f === 'mobile' ? 'tel' : 'text'}
                  required
                  aria-invalid={errors[f] ? true : undefined}
                  aria-describedby={errors[f] ? `${id}-${f}-error` : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                />
                {errors[f] ? (
                  <div id={`${id}-${f}-error`} className="invalid-feedback">
                    {errors[f]}
                  </div>
                ) : null}
              </div>
            ))}
          </div>
          <div className="form-check mt-3">
            <input
              id={`${id}-consent`}
              type="checkbox"
              className={`form-check-input${errors.consent ? ' is-invalid' : ''}`}
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            />
            <label htmlFor={`${id}-consent`} className="form-check-label">
              <FormattedMessage
                id="directDebit.consent"
                defaultMessage="I authorise {site} to collect {price} from this account by SEPA direct debit and my bank to debit it. I can ask my bank for a refund within 8 weeks."
                values={{ site: settings.name, price }}
              />
            </label>
            {errors.consent ? (
              <div id={`${id}-consent-error`} className="invalid-feedback d-block">
                {errors.consent}
              </div>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary mt-3" disabled={busy} data-testid="direct-debit-submit">
            <FormattedMessage id="directDebit.sendCode" defaultMessage="Send me the code" />
          </button>
        </form>
      ) : (
        <form className="surface" onSubmit={submitCode} noValidate data-testid="direct-debit-code">
          <p>
            <FormattedMessage
              id="directDebit.codeSent"
              defaultMessage="We sent a 6-digit code to {mobile}. It is valid for 10 minutes. Mandate reference: {reference}."
              values={{ mobile: started.mobile, reference: started.reference }}
            />
          </p>
          <label htmlFor={`${id}-code`} className="form-label">
            <FormattedMessage id="directDebit.code" defaultMessage="Code from the SMS" />
          </label>
          <input
            id={`${id}-code`}
            className={`form-control direct-debit-code${errors.code ? ' is-invalid' : ''}`}
            value={smsCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]{6}"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${id}-code-error` : undefined}
            onChange={(e) => setSmsCode(e.target.value.replace(/\D/g, ''))}
          />
          {errors.code ? (
            <div id={`${id}-code-error`} className="invalid-feedback" role="alert">
              {errors.code}
            </div>
          ) : null}
          <button type="submit" className="btn btn-primary mt-3" disabled={busy || smsCode.length !== 6} data-testid="direct-debit-confirm">
            <FormattedMessage id="directDebit.confirm" defaultMessage="Confirm and pay {price}" values={{ price }} />
          </button>
        </form>
      )}
    </div>
  );
}
