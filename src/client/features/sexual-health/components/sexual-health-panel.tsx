import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from 'reactstrap';
import { Link } from '../../../components/link';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import type { SexualHealth } from '../api/sexual-health';
import { CHANNEL_MESSAGES, HIV_STATUS_MESSAGES, REMINDER_MESSAGES, VISIBILITY_MESSAGES } from '../messages';

/** The page the forms post to (its route action: app/pages/sexual-health-page.tsx). */
export const SEXUAL_HEALTH_PAGE = '/sexual-health';
/** The forms, told apart by `intent`: the consent, the values, the withdrawal. */
export const CONSENT_FORM = 'consent';
export const SAVE_FORM = 'save';
export const WITHDRAW_FORM = 'withdraw';

const HIV_STATUSES = ['negative', 'positive', 'positive_undetectable', 'unknown'] as const;
const VISIBILITIES = ['nobody', 'matches', 'everyone'] as const;
const REMINDERS = ['off', '3_months', '6_months', '12_months'] as const;
const CHANNELS = ['mail', 'push'] as const;

/** A refusal of the backend for the form, in the member's language (its own message), else the generic one. */
function useRefusal(form: string): { message: string; field: string | null; fields: Record<string, string> } | null {
  const intl = useIntl();
  const refused = useFormFailure(form);
  if (!refused) return null;
  const message =
    refused.error.status >= 500 || !refused.error.message
      ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
      : refused.error.message;
  const field = typeof refused.error.params.field === 'string' ? refused.error.params.field : null;
  return { message, field, fields: refused.fields };
}

function Refusal({ text }: { text: string | undefined }) {
  return text ? (
    <Alert color="danger" fade={false} role="alert">
      {text}
    </Alert>
  ) : null;
}

function Spinner({ busy }: { busy: boolean }) {
  return busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null;
}

/** The explicit, separate consent: what is stored, who sees it, that he can withdraw at any time (which deletes it). */
function ConsentScreen() {
  const id = useId();
  const busy = useSubmitting(SEXUAL_HEALTH_PAGE, CONSENT_FORM);
  const refusal = useRefusal(CONSENT_FORM);
  return (
    <section className="surface" data-testid="sexual-health-consent" aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        <FormattedMessage id="sexualHealth.consent.title" defaultMessage="Before you start: your consent" />
      </h2>
      <p>
        <FormattedMessage
          id="sexualHealth.consent.what"
          defaultMessage="Here you can add your HIV status, whether you take PrEP and the date of your last test. This is health information, which the law protects specially; we store it only if you agree."
        />
      </p>
      <ul>
        <li>
          <FormattedMessage
            id="sexualHealth.consent.who"
            defaultMessage="Nobody but you sees it until you choose otherwise: only your matches, or every logged-in member. Visitors who are not logged in never see it."
          />
        </li>
        <li>
          <FormattedMessage
            id="sexualHealth.consent.never"
            defaultMessage="We never use it to search, filter or rank members, and we keep it out of our logs and statistics."
          />
        </li>
        <li>
          <FormattedMessage
            id="sexualHealth.consent.withdraw"
            defaultMessage="You can withdraw your consent at any time on this page. Everything you entered here is then deleted at once."
          />
        </li>
      </ul>
      <RouterForm action={SEXUAL_HEALTH_PAGE} data-testid="sexual-health-consent-form">
        <input type="hidden" name="intent" value={CONSENT_FORM} />
        <Refusal text={refusal?.message} />
        <div className="form-check mb-3">
          <input className="form-check-input" type="checkbox" id={`${id}-agree`} name="consent" value="yes" required />
          <label className="form-check-label" htmlFor={`${id}-agree`}>
            <FormattedMessage
              id="sexualHealth.consent.agree"
              defaultMessage="I agree that the site stores my sexual health details as described above."
            />
          </label>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="sexual-health-consent-submit">
          <Spinner busy={busy} />
          <FormattedMessage id="sexualHealth.consent.submit" defaultMessage="Agree and continue" />
        </button>
      </RouterForm>
    </section>
  );
}

/** The values, who sees them and the reminder; shown again as sent when the backend refused them. */
function HealthForm({ health }: { health: SexualHealth }) {
  const intl = useIntl();
  const id = useId();
  const [search] = useSearchParams();
  const busy = useSubmitting(SEXUAL_HEALTH_PAGE, SAVE_FORM);
  const refusal = useRefusal(SAVE_FORM);
  const sent = refusal?.fields;
  const value = {
    hiv_status: sent ? (sent.hiv_status ?? '') : (health.hiv_status ?? ''),
    on_prep: sent ? (sent.on_prep ?? '') : health.on_prep === null ? '' : health.on_prep ? 'yes' : 'no',
    last_test: sent ? (sent.last_test ?? '') : (health.last_test ?? ''),
    visibility: sent?.visibility ?? health.visibility,
    reminder: sent?.reminder ?? health.reminder,
    reminder_channel: sent?.reminder_channel ?? health.reminder_channel,
  };
  const invalid = (field: string) => (refusal?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});
  const today = new Date().toISOString().slice(0, 10);
  return (
    <RouterForm action={SEXUAL_HEALTH_PAGE} className="surface" data-testid="sexual-health-form">
      <input type="hidden" name="intent" value={SAVE_FORM} />
      {!refusal && search.get('saved') === '1' ? (
        <Alert color="success" fade={false} role="status">
          <FormattedMessage id="sexualHealth.saved" defaultMessage="Your sexual health details have been saved." />
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="danger" fade={false} role="alert" id={`${id}-error`}>
          {refusal.message}
        </Alert>
      ) : null}
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-hiv`}>
          <FormattedMessage id="sexualHealth.field.hivStatus" defaultMessage="HIV status" />
        </label>
        <select className="form-select" id={`${id}-hiv`} name="hiv_status" defaultValue={value.hiv_status} {...invalid('hiv_status')}>
          <option value="">{intl.formatMessage({ id: 'sexualHealth.notStated', defaultMessage: 'I’d rather not say' })}</option>
          {HIV_STATUSES.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage(HIV_STATUS_MESSAGES[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-prep`}>
          <FormattedMessage id="sexualHealth.field.onPrep" defaultMessage="On PrEP" />
        </label>
        <select className="form-select" id={`${id}-prep`} name="on_prep" defaultValue={value.on_prep} {...invalid('on_prep')}>
          <option value="">{intl.formatMessage({ id: 'sexualHealth.notStated', defaultMessage: 'I’d rather not say' })}</option>
          <option value="yes">{intl.formatMessage({ id: 'common.yes', defaultMessage: 'Yes' })}</option>
          <option value="no">{intl.formatMessage({ id: 'common.no', defaultMessage: 'No' })}</option>
        </select>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-test`}>
          <FormattedMessage id="sexualHealth.field.lastTest" defaultMessage="Last test" />
        </label>
        <input
          className={`form-control${refusal?.field === 'last_test' ? ' is-invalid' : ''}`}
          type="date"
          id={`${id}-test`}
          name="last_test"
          max={today}
          min="1981-01-01"
          defaultValue={value.last_test}
          {...invalid('last_test')}
        />
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">
          <FormattedMessage id="sexualHealth.field.visibility" defaultMessage="Who sees it on your profile" />
        </legend>
        {VISIBILITIES.map((v) => (
          <div className="form-check" key={v}>
            <input
              className="form-check-input"
              type="radio"
              name="visibility"
              id={`${id}-vis-${v}`}
              value={v}
              defaultChecked={value.visibility === v}
            />
            <label className="form-check-label" htmlFor={`${id}-vis-${v}`}>
              {intl.formatMessage(VISIBILITY_MESSAGES[v])}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-reminder`}>
          <FormattedMessage id="sexualHealth.field.reminder" defaultMessage="Remind me to test" />
        </label>
        <select className="form-select" id={`${id}-reminder`} name="reminder" defaultValue={value.reminder}>
          {REMINDERS.map((r) => (
            <option key={r} value={r}>
              {intl.formatMessage(REMINDER_MESSAGES[r])}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">
          <FormattedMessage id="sexualHealth.field.channel" defaultMessage="How to remind me" />
        </legend>
        {CHANNELS.map((c) => (
          <div className="form-check" key={c}>
            <input
              className="form-check-input"
              type="radio"
              name="reminder_channel"
              id={`${id}-ch-${c}`}
              value={c}
              defaultChecked={value.reminder_channel === c}
            />
            <label className="form-check-label" htmlFor={`${id}-ch-${c}`}>
              {intl.formatMessage(CHANNEL_MESSAGES[c])}
            </label>
          </div>
        ))}
        <p className="form-text mb-0">
          <FormattedMessage
            id="sexualHealth.reminder.hint"
            defaultMessage="The reminder only says that it is time for a test; it never mentions your details."
          />
        </p>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="sexual-health-save">
        <Spinner busy={busy} />
        <FormattedMessage id="sexualHealth.save" defaultMessage="Save" />
      </button>
    </RouterForm>
  );
}

/** The way to withdraw: a link to the confirmation, which asks once more before everything is deleted. */
function WithdrawSection() {
  const id = useId();
  const [search] = useSearchParams();
  const busy = useSubmitting(SEXUAL_HEALTH_PAGE, WITHDRAW_FORM);
  const refusal = useRefusal(WITHDRAW_FORM);
  const confirming = search.get('withdraw') === '1' || refusal !== null;
  return (
    <section className="surface" aria-labelledby={`${id}-title`} data-testid="sexual-health-withdraw">
      <h2 className="h5" id={`${id}-title`}>
        <FormattedMessage id="sexualHealth.withdraw.title" defaultMessage="Withdraw your consent" />
      </h2>
      {confirming ? (
        <RouterForm action={SEXUAL_HEALTH_PAGE}>
          <input type="hidden" name="intent" value={WITHDRAW_FORM} />
          <Refusal text={refusal?.message} />
          <p role="alert">
            <FormattedMessage
              id="sexualHealth.withdraw.confirm"
              defaultMessage="Are you sure? Your HIV status, PrEP, test date, who sees them and your reminder are deleted at once and cannot be restored."
            />
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-danger" disabled={busy} data-testid="sexual-health-withdraw-confirm">
              <Spinner busy={busy} />
              <FormattedMessage id="sexualHealth.withdraw.yes" defaultMessage="Yes, withdraw and delete" />
            </button>
            <Link to={SEXUAL_HEALTH_PAGE} className="btn btn-outline-secondary">
              <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
            </Link>
          </div>
        </RouterForm>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="sexualHealth.withdraw.text"
              defaultMessage="Withdrawing your consent deletes everything you entered on this page."
            />
          </p>
          <Link to={`${SEXUAL_HEALTH_PAGE}?withdraw=1`} className="btn btn-outline-danger" data-testid="sexual-health-withdraw-open">
            <FormattedMessage id="sexualHealth.withdraw.open" defaultMessage="Withdraw consent and delete" />
          </Link>
        </>
      )}
    </section>
  );
}

/** The page's body: the consent first, then the form and the withdrawal. */
export function SexualHealthPanel({ health }: { health: SexualHealth }) {
  const [search] = useSearchParams();
  if (!health.consented)
    return (
      <>
        {search.get('withdrawn') === '1' ? (
          <Alert color="success" fade={false} role="status">
            <FormattedMessage
              id="sexualHealth.withdrawn"
              defaultMessage="Your consent is withdrawn and your sexual health details have been deleted."
            />
          </Alert>
        ) : null}
        <ConsentScreen />
      </>
    );
  return (
    <div className="d-grid gap-3">
      <HealthForm health={health} />
      <WithdrawSection />
    </div>
  );
}
