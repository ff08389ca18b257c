import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { useSettings } from '../../../lib/store/store';
import { useCreditPackages } from '../api/credit-packages';
import {
  confirmDirectDebit,
  resendDirectDebitCode,
  startDirectDebit,
  type DirectDebitRequest,
  type DirectDebitStarted,
} from '../api/direct-debit';
import { formatMoney } from '../money';

type Field = 'account_holder' | 'iban' | 'street' | 'house_number' | 'postcode' | 'city' | 'mobile';
const FIELDS: readonly Field[] = ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'mobile'];
type ErrorKey = Field | 'consent' | 'code';
const ERROR_KEYS: readonly ErrorKey[] = [...FIELDS, 'consent', 'code'];
const EMPTY: Record<Field, string> = { account_holder: '', iban: '', street: '', house_number: '', postcode: '', city: '', mobile: '' };

/** The direct-debit forms' name (their route action: app/pages/credits-page.tsx). */
export const DIRECT_DEBIT_FORM = 'directdebit';

/** The form's fields as posted (the route action reads them). */
export const DIRECT_DEBIT_FIELDS = FIELDS;

/**
 * The mandate whose code the member is asked for, from the page's address (`mandate`, `reference` and the masked
 * `mobile`): the route action sends him there once the code went out (the page without JavaScript).
 */
function startedOf(search: URLSearchParams): DirectDebitStarted | null {
  const mandate = search.get('mandate');
  if (!mandate || !/^\d{1,9}$/.test(mandate)) return null;
  return { mandate_id: Number(mandate), reference: search.get('reference') ?? '', mobile: search.get('mobile') ?? '', expires_at: '' };
}

/**
 * What the member typed, kept for this tab only (sessionStorage: gone with the tab, never in a URL or in storage that
 * outlives it, as the IBAN must), so a failed submit or a reload keeps it; removed once the debit is confirmed.
 */
interface Draft {
  values: Record<Field, string>;
  consent: boolean;
  started: DirectDebitStarted | null;
}
const draftKey = (packageId: number) => `directDebit.draft.${packageId}`;

function readDraft(packageId: number): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(packageId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    const values = { ...EMPTY };
    for (const f of FIELDS) if (typeof draft.values?.[f] === 'string') values[f] = draft.values[f];
    const started =
      draft.started && typeof draft.started.mandate_id === 'number' && Date.parse(draft.started.expires_at) > 0 ? draft.started : null;
    return { values, consent: draft.consent === true, started };
  } catch {
    return null;
  }
}

function writeDraft(packageId: number, draft: Draft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(draftKey(packageId), JSON.stringify(draft));
    else window.sessionStorage.removeItem(draftKey(packageId));
  } catch {
    // Storage blocked or full: the form still works, only a reload forgets it.
  }
}

/** The messages of every wrong field of an answer (params.field_errors), else of its one field. */
function fieldErrorsOf(params: Record<string, unknown>, message: string): Partial<Record<ErrorKey, string>> {
  const out: Partial<Record<ErrorKey, string>> = {};
  if (Array.isArray(params.field_errors)) {
    for (const e of params.field_errors as { field?: unknown; message?: unknown }[]) {
      if (typeof e.field === 'string' && ERROR_KEYS.includes(e.field as ErrorKey) && typeof e.message === 'string')
        out[e.field as ErrorKey] ??= e.message;
    }
  }
  const field = params.field;
  if (Object.keys(out).length === 0 && typeof field === 'string' && ERROR_KEYS.includes(field as ErrorKey))
    out[field as ErrorKey] = message;
  return out;
}

/**
 * /directdebit: the SEPA direct-debit form (account holder, IBAN, street, house number, postcode, city,
 * mobile number, consent), then the 6-digit code the member receives by SMS; the first debit is then pending until
 * the provider settles it (/transactions/{id}). Every wrong field shows at once, the first one focused and scrolled
 * into view; a code used up or expired offers 'Send a new code'; what was typed survives a failed submit and a reload
 * of the tab (Draft).
 */
const subscribeNothing = () => () => undefined;

export function DirectDebitForm() {
  const [search] = useSearchParams();
  const packageId = Number(search.get('package'));
  // The tab's draft is read once the page is hydrated (the server renders the empty form); the steps then start
  // again from it.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const fromAddress = useMemo(() => startedOf(search), [search]);
  const draft = useMemo(() => {
    const kept = hydrated && Number.isInteger(packageId) && packageId > 0 ? readDraft(packageId) : null;
    if (!fromAddress) return kept;
    return { values: kept?.values ?? EMPTY, consent: kept?.consent ?? false, started: fromAddress };
  }, [hydrated, packageId, fromAddress]);
  return <DirectDebitSteps key={hydrated ? `tab-${packageId}` : 'server'} packageId={packageId} draft={draft} persist={hydrated} />;
}

/** The query of the direct-debit page for a bundle (and the discount code it was opened with). */
function postedQuery(packageId: number, code: string | null): string {
  const query = new URLSearchParams({ package: String(packageId) });
  if (code) query.set('code', code);
  return query.toString();
}

/** Where focus goes after a round of errors: the first wrong field, or the general message. */
type FocusTarget = { key: ErrorKey | 'general'; round: number };

function DirectDebitSteps({ packageId, draft, persist }: { packageId: number; draft: Draft | null; persist: boolean }) {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code');
  const listing = useCreditPackages(code);
  const plain = useCreditPackages(null, null, listing.error !== undefined);
  const data = listing.data ?? plain.data;
  const pkg = data?.packages.find((p) => p.id === packageId) ?? null;
  // A code not valid for direct debit is not sent, and the price shown is the full one (the price charged).
  const discountHolds = !!data?.discount && (!data.discount.methods || data.discount.methods.includes('directdebit'));
  const id = useId();
  // A post refused by the backend (the page without JavaScript): its errors, the fields as sent, the same key.
  const refused = useFormFailure(DIRECT_DEBIT_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const refusedFields = refused && refused.error.body !== null ? fieldErrorsOf(refused.error.params, refused.error.message) : {};
  const [values, setValues] = useState<Record<Field, string>>(() =>
    refused ? (Object.fromEntries(FIELDS.map((f) => [f, refused.fields[f] ?? ''])) as Record<Field, string>) : (draft?.values ?? EMPTY),
  );
  const [consent, setConsent] = useState(refused ? refused.fields.consent === 'on' : (draft?.consent ?? false));
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>(refusedFields);
  const [general, setGeneral] = useState<string | null>(() =>
    !refused || Object.keys(refusedFields).length > 0
      ? null
      : refused.error.body !== null
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
  );
  const [notice, setNotice] = useState<string | null>(() =>
    search.get('resent') === '1' && draft?.started
      ? intl.formatMessage(
          { id: 'directDebit.resent', defaultMessage: 'We sent a new code to {mobile}. The previous code no longer works.' },
          { mobile: draft.started.mobile },
        )
      : null,
  );
  const [canResend, setCanResend] = useState(refused?.error.params.can_resend === true);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<DirectDebitStarted | null>(draft?.started ?? null);
  const [smsCode, setSmsCode] = useState('');
  const keys = useMemo(() => createAttemptKeys(), []);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);
  const done = useRef(false);

  useEffect(() => {
    if (persist && !done.current && Number.isInteger(packageId) && packageId > 0) writeDraft(packageId, { values, consent, started });
  }, [persist, packageId, values, consent, started]);

  // A new round of errors: the first one is focused and scrolled into view (not while the member corrects them).
  useEffect(() => {
    if (!focusTarget) return;
    const target: HTMLElement | null =
      focusTarget.key === 'general' ? generalRef.current : document.getElementById(`${id}-${focusTarget.key}`);
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, [focusTarget, id]);
  const focusFirst = (found: Partial<Record<ErrorKey, string>>) =>
    setFocusTarget((last) => ({ key: ERROR_KEYS.find((k) => found[k]) ?? 'general', round: (last?.round ?? 0) + 1 }));

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
      if (err.params.can_resend === true) setCanResend(true);
      const fields = fieldErrorsOf(err.params, err.message);
      focusFirst(fields);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return;
      }
      setGeneral(err.message);
      return;
    }
    focusFirst({});
    setGeneral(intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }));
  };

  const submitForm = async (event: FormEvent) => {
    event.preventDefault();
    if (!pkg) return;
    const missing = FIELDS.filter((f) => values[f].trim() === '');
    const required = intl.formatMessage({ id: 'directDebit.required', defaultMessage: 'Please fill in this field.' });
    const next: Partial<Record<Field | 'consent', string>> = Object.fromEntries(missing.map((f) => [f, required]));
    if (!consent)
      next.consent = intl.formatMessage({ id: 'directDebit.consentRequired', defaultMessage: 'Please agree to the direct debit mandate.' });
    setErrors(next);
    setGeneral(null);
    if (Object.keys(next).length > 0) {
      focusFirst(next);
      return;
    }
    setBusy(true);
    try {
      const body: DirectDebitRequest = {
        package_id: pkg.id,
        ...values,
        consent: true,
        ...(discountHolds && code ? { discount_code: code } : {}),
      };
      setStarted(await startDirectDebit(api, body));
      setCanResend(false);
      setNotice(null);
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
    setNotice(null);
    setBusy(true);
    try {
      const body = { mandate_id: started.mandate_id, code: smsCode.trim(), ...(discountHolds && code ? { discount_code: code } : {}) };
      // The code form's own key first (a refused post without JavaScript was sent with it), then one per body.
      const key = refused?.fields.code === body.code && refused.fields.intent === 'confirm' ? form.key : keys(body);
      const payment = await confirmDirectDebit(api, body, key);
      done.current = true;
      writeDraft(packageId, null);
      await navigate(`/transactions/${payment.payment_id}`);
    } catch (err) {
      showError(err);
      setBusy(false);
    }
  };

  /** 'Send a new code': the old one no longer works; the tries start again. */
  const resend = async () => {
    if (!started) return;
    setErrors({});
    setGeneral(null);
    setNotice(null);
    setBusy(true);
    try {
      const next = await resendDirectDebitCode(api, started.mandate_id);
      setStarted(next);
      setSmsCode('');
      setCanResend(false);
      setNotice(
        intl.formatMessage(
          { id: 'directDebit.resent', defaultMessage: 'We sent a new code to {mobile}. The previous code no longer works.' },
          { mobile: next.mobile },
        ),
      );
      document.getElementById(`${id}-code`)?.focus();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  /** Back to the form (kept as typed), for a new mandate and code. */
  const restart = () => {
    setStarted(null);
    setSmsCode('');
    setErrors({});
    setGeneral(null);
    setNotice(null);
    setCanResend(false);
  };

  if (!data)
    return listing.error && plain.error ? (
      <Alert color="danger" fade={false}>
        {intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}
      </Alert>
    ) : (
      <Loading />
    );
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
  const price = formatMoney(intl, (discountHolds ? pkg.discounted_price_minor : null) ?? pkg.price_minor, pkg.currency);

  return (
    <div className="direct-debit">
      <p>
        <FormattedMessage
          id="credits.chosen"
          defaultMessage="{credits, number} credits for {price}"
          values={{ credits: pkg.credits, price: <strong key="p">{price}</strong> }}
        />
      </p>
      {general ? (
        <div className="alert alert-danger" role="alert" tabIndex={-1} ref={generalRef}>
          {general}
        </div>
      ) : null}
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      {!started ? (
        <form
          method="post"
          action={`/directdebit?${postedQuery(packageId, code)}`}
          className="surface"
          onSubmit={submitForm}
          noValidate
          data-testid="direct-debit-form"
        >
          <input type="hidden" name="intent" value="start" />
          {discountHolds && code ? <input type="hidden" name="discount_code" value={code} /> : null}
          <div className="row g-3">
            {FIELDS.map((f) => (
              <div
                key={f}
                className={
                  f === 'house_number' || f === 'postcode'
                    ? 'col-6 col-md-3'
                    : f === 'street' || f === 'city'
                      ? 'col-12 col-md-6'
                      : 'col-12'
                }
              >
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
              name="consent"
              className={`form-check-input${errors.consent ? ' is-invalid' : ''}`}
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
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
        <form
          method="post"
          action={`/directdebit?${postedQuery(packageId, code)}`}
          className="surface"
          onSubmit={submitCode}
          noValidate
          data-testid="direct-debit-code"
        >
          <IdempotencyKeyField value={form.key} />
          <input type="hidden" name="mandate_id" value={started.mandate_id} />
          {discountHolds && code ? <input type="hidden" name="discount_code" value={code} /> : null}
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
            name="code"
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
          <div className="d-flex flex-wrap gap-2 mt-3">
            <button
              type="submit"
              name="intent"
              value="confirm"
              className="btn btn-primary"
              disabled={busy || (persist && (smsCode.length !== 6 || canResend))}
              data-testid="direct-debit-confirm"
            >
              <FormattedMessage id="directDebit.confirm" defaultMessage="Confirm and pay {price}" values={{ price }} />
            </button>
            <button
              type={persist ? 'button' : 'submit'}
              {...(persist ? { onClick: () => void resend() } : { name: 'intent', value: 'resend' })}
              className={`btn ${canResend ? 'btn-primary' : 'btn-outline-dark'}`}
              disabled={busy}
              data-testid="direct-debit-resend"
            >
              <FormattedMessage id="directDebit.resend" defaultMessage="Send a new code" />
            </button>
            {persist ? (
              <button type="button" className="btn btn-link" disabled={busy} onClick={restart}>
                <FormattedMessage id="directDebit.restart" defaultMessage="Change my details" />
              </button>
            ) : (
              <Link to={`/directdebit?${postedQuery(packageId, code)}`} className="btn btn-link">
                <FormattedMessage id="directDebit.restart" defaultMessage="Change my details" />
              </Link>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
