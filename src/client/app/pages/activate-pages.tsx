import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { activate } from '../../features/accounts/api/activate';
import { resendActivation } from '../../features/accounts/api/resend-activation';
import { RESEND_FORM, RESENT_PARAM, ResendActivation } from '../../features/accounts/components/resend-activation';
import { answerInPlace, FETCHER_FIELD, type InPlaceAnswer } from '../../components/router-fetcher';
import { TOKEN_FIELD, TokenLinkForm } from '../../features/accounts/components/token-link-form';
import { toFormError } from '../../features/accounts/form-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { returnPathOf, runFormAction, seeOther, seeOtherDocument, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The activation form (its route action below). */
const ACTIVATE_FORM = 'activate';
const ACTIVATE_PATH = '/activate/done';

/**
 * The mailed activation link's token, posted: the account is activated and the page loads again as a new document
 * (the member's session knows at once); a link that is used, expired or incomplete leads to activate/error; no answer
 * at all (the network) shows the page again to try once more.
 */
export async function activateAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const token = textField(form, TOKEN_FIELD);
  const answer = await runFormAction(
    ACTIVATE_FORM,
    { [TOKEN_FIELD]: token },
    () => activate(context.api, token),
    () => seeOtherDocument(ACTIVATE_PATH),
  );
  return answer instanceof Response || answer.status >= 500 ? answer : seeOther('/activate/error');
}

/**
 * The activation mail sent again (`intent=resend_activation`), from any page that offers it: to the form's fetcher the
 * answer in place, or the refusal (the hourly limit, no session) in the member's language; posted by the browser, 303
 * back to the page it came from (`return`, same-origin) saying whether it went out — the page he was on, not this
 * error page's text about a used link.
 */
export async function resendActivationAction({
  request,
  context,
}: PageActionArgs): Promise<Response | FormFailure | InPlaceAnswer<object>> {
  const form = await request.formData();
  if (textField(form, 'intent') !== RESEND_FORM) return seeOther('/activate/error');
  const back = (sent: boolean) => {
    const url = new URL(returnPathOf(form, '/activate/error'), 'http://site.invalid');
    url.searchParams.set(RESENT_PARAM, sent ? '1' : '0');
    return seeOther(`${url.pathname}${url.search}`);
  };
  const answer = await runFormAction(
    RESEND_FORM,
    {},
    () => resendActivation(context.api),
    () => answerInPlace(form, {}, back(true)),
  );
  return answer instanceof Response || 'inPlace' in answer || form.has(FETCHER_FIELD) ? answer : back(false);
}

/**
 * activate/done: the mailed link lands here with its token, which the page's form spends (at once with JavaScript, by
 * the member's button without it; opening the page never does); without a token, the page says the account is active.
 */
export function ActivateDonePage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const refused = useFormFailure(ACTIVATE_FORM);
  const token = search.get('token') ?? refused?.fields[TOKEN_FIELD] ?? null;

  const title = intl.formatMessage({ id: 'activate.done.title', defaultMessage: 'Your account is activated' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface text-center">
        {!token ? (
          <>
            <h1 className="h3 fw-bold">{title}</h1>
            <p data-testid="activate-done">
              <FormattedMessage
                id="activate.done.body"
                defaultMessage="Thank you! Your e-mail address is confirmed and other members now receive your messages."
              />
            </p>
            <Link to={user ? '/members' : '/login'} className="btn btn-primary btn-lg">
              {user ? (
                <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
              ) : (
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              )}
            </Link>
          </>
        ) : (
          <>
            <h1 className="h3 fw-bold">
              <FormattedMessage id="activate.working" defaultMessage="Activating your account…" />
            </h1>
            {refused ? (
              <Alert color="danger" fade={false}>
                {toFormError(intl, refused.error).message}
              </Alert>
            ) : null}
            <TokenLinkForm
              action={ACTIVATE_PATH}
              token={token}
              auto={!refused}
              label={<FormattedMessage id="signup.next" defaultMessage="Continue" />}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** activate/error: 'Activeren mislukt' with the hint to contact support. */
export function ActivateErrorPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const title = intl.formatMessage({ id: 'activate.error.title', defaultMessage: 'Activation failed' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold" data-testid="activate-error">
          {title}
        </h1>
        <Alert color="warning" fade={false}>
          <FormattedMessage
            id="activate.error.body"
            defaultMessage="This link is used, expired or incomplete. Does it keep failing? Contact our support at {email}."
            values={{ email: <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a> }}
          />
        </Alert>
        {user && user.status === 'not_confirmed' ? <ResendActivation sentAt={0} /> : null}
      </div>
    </div>
  );
}
