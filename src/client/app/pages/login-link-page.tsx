import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from 'reactstrap';
import { Link } from '../../components/link';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { TOKEN_FIELD, TokenLinkForm, tokenRefusalText } from '../../features/accounts/components/token-link-form';
import { loginWithLink } from '../../features/session/api/login-link';
import { useSettings } from '../../lib/store/store';
import { runFormAction, seeOtherDocument, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The form of the page (its route action below). */
const LOGIN_LINK_FORM = 'login-link';
const LOGIN_LINK_PATH = '/login-link';

/**
 * The mailed sign-in link's token, posted: spent, this browser is logged in (the backend's session and device cookies)
 * and the members' page loads as a new document; refused (used, expired), the page says why.
 */
export async function loginLinkAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  return runFormAction(
    LOGIN_LINK_FORM,
    {},
    () => loginWithLink(context.api, textField(form, TOKEN_FIELD)),
    () => seeOtherDocument('/members'),
  );
}

/**
 * login-link: the mailed sign-in link lands here with its token, which the page's form spends (opening the page never
 * does, so a mail scanner cannot use it up): at once with JavaScript, by the member's button without it.
 */
export function LoginLinkPage() {
  const intl = useIntl();
  const settings = useSettings();
  const [search] = useSearchParams();
  const token = search.get('token');
  const refused = useFormFailure(LOGIN_LINK_FORM);
  const title = intl.formatMessage({ id: 'loginLink.title', defaultMessage: 'Signing in…' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {refused || !token ? (
          <Alert color="danger" fade={false} data-testid="login-link-failed">
            {refused ? (
              tokenRefusalText(intl, refused.error)
            ) : (
              <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />
            )}{' '}
            <Link to="/login" className="alert-link">
              <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
            </Link>
          </Alert>
        ) : (
          <TokenLinkForm action={LOGIN_LINK_PATH} token={token} auto label={<FormattedMessage id="nav.login" defaultMessage="Log in" />} />
        )}
      </div>
    </div>
  );
}
