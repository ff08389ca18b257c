import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import {
  IdempotencyKeyField,
  IDEMPOTENCY_FIELD,
  useFormFailure,
  useHydrated,
  useIdempotencyKey,
} from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { useSettings } from '../../../lib/store/store';
import { useCreditPackages } from '../api/credit-packages';
import type { DirectDebitStarted } from '../api/direct-debit';
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
 * outlives it, as the IBAN must), so a failed submit or a reload keeps it; removed once the debit is confirmed. The
 * code step itself is in the page's address (the mandate and the masked number, never the IBAN).
 */
interface Draft {
  values: Record<Field, string>;
  consent: boolean;
}
const draftKey = (packageId: number) => `directDebit.draft.${packageId}`;

function readDraft(packageId: number): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(packageId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    const values = { ...EMPTY };
    for (const f of FIELDS) if (typeof draft.values?.[f] === 'string') values[f] = draft.values[f];
    return { values, consent: draft.consent === true };
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
 * the provider settles it (/transactions/{id}). Both steps are forms of the page's route action (through the router
 * with JavaScript, posted by the browser without it): the details answer the code step's address, the code the
 * payment's page. Every wrong field shows at once, the first one focused and scrolled into view; a code used up or
 * expired offers 'Send a new code'; what was typed survives a failed submit and a reload of the tab (Draft).
 */
export function DirectDebitForm() {
  const [search] = useSearchParams();
  const packageId = Number(search.get('package'));
  // The tab's draft is read once the page is hydrated (the server renders the empty form); the steps then start
  // again from it.
  const hydrated = useHydrated();
  const draft = useMemo(
    () => (hydrated && Number.isInteger(packageId) && packageId > 0 ? readDraft(packageId) : null),
    [hydrated, packageId],
  );
  return <DirectDebitSteps key={hydrated ? `tab-${packageId}` : 'server'} packageId={packageId} draft={draft} persist={hydrated} />;
}

/** The query of the direct-debit page for a bundle (and the discount code it was opened with). */
function postedQuery(packageId: number, code: string | null): string {
  const query = new URLSearchParams({ package: String(packageId) });
  if (code) query.set('code', code);
  return query.toString();
}

/**
 * The code step's own address (the mandate, its reference and the masked number; not the note of a code just resent):
 * its form posts there, so a refused code answers the code step again.
 */
function codeStepAddress(search: URLSearchParams): string {
  const query = new URLSearchParams(search);
  query.delete('resent');
  return `/directdebit?${query.toString()}`;
}

/** A round of errors whose first field (or the general message) is focused once it shows. */
type FocusTarget = { found: Partial<Record<ErrorKey, string>> };

function DirectDebitSteps({ packageId, draft, persist }: { packageId: number; draft: Draft | null; persist: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const [search] = useSearchParams();
  const code = search.get('code');
  const action = `/directdebit?${postedQuery(packageId, code)}`;
  const listing = useCreditPackages(code);
  const plain = useCreditPackages(null, null, listing.error !== undefined);
  const data = listing.data ?? plain.data;
  const pkg = data?.packages.find((p) => p.id === packageId) ?? null;
  // A code not valid for direct debit is not sent, and the price shown is the full one (the price charged).
  const discountHolds = !!data?.discount && (!data.discount.methods || data.discount.methods.includes('directdebit'));
  const id = useId();
  // The code step: the mandate the details' answer put in the address.
  const started = useMemo(() => startedOf(search), [search]);
  // The action's answer to the last post refused (errors, the fields as sent, the same key); none while a post is sent
  // or its answer's page loads.
  const busy = usePendingForm(action, { withReload: true }) !== null;
  const refused = useFormFailure(DIRECT_DEBIT_FORM);
  const answer = busy ? null : refused;
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [values, setValues] = useState<Record<Field, string>>(() =>
    refused ? (Object.fromEntries(FIELDS.map((f) => [f, refused.fields[f] ?? ''])) as Record<Field, string>) : (draft?.values ?? EMPTY),
  );
  const [consent, setConsent] = useState(refused ? refused.fields.consent === 'on' : (draft?.consent ?? false));
  // The details' own check in the browser (empty fields, no consent): shown instead of the last answer until the next try.
  const [checked, setChecked] = useState<Partial<Record<ErrorKey, string>> | null>(null);
  const answered = answer && answer.error.body !== null ? fieldErrorsOf(answer.error.params, answer.error.message) : {};
  const errors = checked ?? answered;
  const general =
    checked || !answer || Object.keys(answered).length > 0
      ? null
      : answer.error.body !== null
        ? answer.error.message
        : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
  const canResend = answer?.error.params.can_resend === true;
  const notice =
    !answer && started && search.get('resent') === '1'
      ? intl.formatMessage(
          { id: 'directDebit.resent', defaultMessage: 'We sent a new code to {mobile}. The previous code no longer works.' },
          { mobile: started.mobile },
        )
      : null;
  // The code typed for this mandate (a new code's mandate starts empty).
  const [typed, setTyped] = useState({ mandate: started?.mandate_id ?? null, code: refused?.fields.code ?? '' });
  const smsCode = typed.mandate === (started?.mandate_id ?? null) ? typed.code : '';
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (persist && Number.isInteger(packageId) && packageId > 0) writeDraft(packageId, { values, consent });
  }, [persist, packageId, values, consent]);

  // A code sent for confirmation: unless it is refused, the payment's page follows, and nothing of the form is kept once
  // this page is left.
  const confirmSent = useRef(false);
  useEffect(
    () => () => {
      if (confirmSent.current) writeDraft(packageId, null);
    },
    [packageId],
  );

  /** The first wrong field of a round of errors (or the general message) focused and scrolled into view. */
  const focusFirstOf = (found: Partial<Record<ErrorKey, string>>) => {
    const key = ERROR_KEYS.find((k) => found[k]);
    const target: HTMLElement | null = key ? document.getElementById(`${id}-${key}`) : generalRef.current;
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  };
  // A round of the browser's own check, once it shows (not while the member corrects the fields).
  useEffect(() => {
    if (focusTarget) focusFirstOf(focusTarget.found);
    // Once per round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTarget]);
  // Each refusal the action answers is such a round too.
  const refusal = answer?.error.body;
  useEffect(() => {
    if (refusal === undefined) return;
    confirmSent.current = false;
    focusFirstOf(answered);
    // Once per answer (its body is the action data's own object).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);
  // A new code sent: its field is focused.
  const resent = search.get('resent') === '1' ? started?.mandate_id : undefined;
  useEffect(() => {
    if (resent !== undefined) document.getElementById(`${id}-code`)?.focus();
  }, [resent, id]);

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

  /** The details checked in the browser before they are sent: every empty field and the consent at once. */
  const checkDetails = (event: SubmitEvent<HTMLFormElement>) => {
    const missing = FIELDS.filter((f) => values[f].trim() === '');
    const required = intl.formatMessage({ id: 'directDebit.required', defaultMessage: 'Please fill in this field.' });
    const next: Partial<Record<Field | 'consent', string>> = Object.fromEntries(missing.map((f) => [f, required]));
    if (!consent)
      next.consent = intl.formatMessage({ id: 'directDebit.consentRequired', defaultMessage: 'Please agree to the direct debit mandate.' });
    if (Object.keys(next).length === 0) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked(next);
    setFocusTarget({ found: next });
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
        <RouterForm action={action} className="surface" onSubmit={checkDetails} noValidate data-testid="direct-debit-form">
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
        </RouterForm>
      ) : (
        <RouterForm
          action={codeStepAddress(search)}
          className="surface"
          noValidate
          data-testid="direct-debit-code"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as globalThis.SubmitEvent).submitter;
            confirmSent.current = !(submitter instanceof HTMLButtonElement && submitter.value === 'resend');
          }}
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
            onChange={(e) => setTyped({ mandate: started.mandate_id, code: e.target.value.replace(/\D/g, '') })}
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
              type="submit"
              name="intent"
              value="resend"
              className={`btn ${canResend ? 'btn-primary' : 'btn-outline-dark'}`}
              disabled={busy}
              data-testid="direct-debit-resend"
            >
              <FormattedMessage id="directDebit.resend" defaultMessage="Send a new code" />
            </button>
            <Link to={`/directdebit?${postedQuery(packageId, code)}`} className="btn btn-link">
              <FormattedMessage id="directDebit.restart" defaultMessage="Change my details" />
            </Link>
          </div>
        </RouterForm>
      )}
    </div>
  );
}
