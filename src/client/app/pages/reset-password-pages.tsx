import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { checkResetToken, resetTokenKey } from '../../features/accounts/api/check-reset-token';
import { resetPassword } from '../../features/accounts/api/reset-password';
import { RESET_PASSWORD_FORM, ResetPasswordForm } from '../../features/accounts/components/reset-password-form';
import { requestPasswordReset } from '../../features/accounts/api/request-password-reset';
import { RESET_REQUEST_FORM, ResetRequestForm } from '../../features/accounts/components/reset-request-form';
import { useTokenCheck } from '../../features/accounts/hooks/use-token-check';
import { useApi } from '../../lib/api-client';
import { usePageResult } from '../../lib/page-data';
import { useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, searchOf, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

/** The token of a mailed reset link, when it is one (64 hex digits). */
const wellFormedToken = (token: string | null): token is string => token !== null && /^[0-9a-f]{64}$/.test(token);

/** The reset request posted (through the router, or by the browser without JavaScript): the link is asked for, then 303 to the "sent" page. */
export async function resetRequestAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const email = textField(await request.formData(), 'email').trim();
  return runFormAction(
    RESET_REQUEST_FORM,
    { email },
    () => requestPasswordReset(context.api, email),
    () => seeOther(`/reset-password?${new URLSearchParams({ sent: email }).toString()}`),
  );
}

/** reset-password: ask for a link by e-mail. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const settings = useSettings();
  const title = intl.formatMessage({ id: 'reset.title', defaultMessage: 'Forgot your password?' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-1">{title}</h1>
        <p className="text-body-secondary mb-4">
          <FormattedMessage id="reset.intro" defaultMessage="Enter your e-mail address and we send you a link to choose a new password." />
        </p>
        <ResetRequestForm />
      </div>
    </div>
  );
}

/**
 * The mailed link's token checked on the server (not spent), so the page shows its form or its invalid-link state
 * without JavaScript. A check that could not be made is kept as a failure: the page then counts the token as valid.
 */
export async function resetPasswordDoLoader({ request, context }: PageLoaderArgs): Promise<PrefetchResult> {
  const token = searchOf(request).get('token');
  if (!wellFormedToken(token)) return {};
  return prefetchKey(resetTokenKey(token), () => checkResetToken(context.api, token));
}

/**
 * The new password posted (through the router with JavaScript, by the browser without it): set with the link's token,
 * then 303 to the page saying so; refused, the page again with the backend's error (no password sent back).
 */
export async function resetPasswordAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const token = textField(form, 'token');
  const body = { token, password: textField(form, 'password'), password_repeat: textField(form, 'password_repeat') };
  return runFormAction(
    RESET_PASSWORD_FORM,
    {},
    () => resetPassword(context.api, body),
    () => seeOther('/reset-password/do?done=1'),
  );
}

/** reset-password/do: the mailed link; its token is checked on opening (not spent), then sets the new password. */
export function ResetPasswordDoPage() {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const search = new URLSearchParams(useLocation().search);
  const token = search.get('token');
  const wellFormed = wellFormedToken(token);
  const checked = usePageResult<boolean>(wellFormed ? resetTokenKey(token) : null);
  const known = checked.data ?? (checked.error ? true : undefined);
  const state = useTokenCheck(wellFormed ? token : null, (t) => checkResetToken(api, t), known);
  const done = search.get('done') === '1';
  const title = intl.formatMessage({ id: 'reset.do.title', defaultMessage: 'Choose a new password' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-4">{title}</h1>
        {done ? (
          <ResetPasswordForm token="" done />
        ) : state === 'checking' ? (
          <Loading />
        ) : state === 'valid' && token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert color="danger" fade={false} data-testid="reset-link-invalid">
            <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />{' '}
            <Link to="/reset-password" className="alert-link">
              <FormattedMessage id="reset.again" defaultMessage="Request a new e-mail" />
            </Link>
          </Alert>
        )}
      </div>
    </div>
  );
}
