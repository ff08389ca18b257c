import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { confirmMailChange } from '../../features/accounts/api/confirm-mail-change';
import { TOKEN_FIELD, TokenLinkForm, tokenRefusalText } from '../../features/accounts/components/token-link-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOtherDocument, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The confirmation form (its route action below) and the query of the page that says it went through. */
const MAIL_CHANGE_FORM = 'mail-change';
const MAIL_CHANGE_PATH = '/mail-change/do';
const CHANGED = { name: 'changed', value: '1' } as const;

/**
 * The token of the link mailed to the new address, posted: the address is changed and the page loads again as a new
 * document saying so (a logged-in member's session shows the new address); refused, the page says why.
 */
export async function mailChangeAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  return runFormAction(
    MAIL_CHANGE_FORM,
    {},
    () => confirmMailChange(context.api, textField(form, TOKEN_FIELD)),
    () => seeOtherDocument(`${MAIL_CHANGE_PATH}?${CHANGED.name}=${CHANGED.value}`),
  );
}

/**
 * mail-change/do: the link mailed to the new address lands here with its token, which the page's form spends (at once
 * with JavaScript, by the member's button without it; opening the page never does).
 */
export function MailChangeDoPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const token = search.get('token');
  const changed = search.get(CHANGED.name) === CHANGED.value;
  const refused = useFormFailure(MAIL_CHANGE_FORM);
  const title = intl.formatMessage({ id: 'mailChange.title', defaultMessage: 'Confirm your new e-mail address' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {changed && !refused ? (
          <Alert color="success" fade={false} data-testid="mail-change-done">
            <FormattedMessage id="mailChange.done" defaultMessage="Your e-mail address has been changed." />{' '}
            <Link to={user ? '/settings' : '/login'} className="alert-link">
              {user ? (
                <FormattedMessage id="nav.settings" defaultMessage="Settings" />
              ) : (
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              )}
            </Link>
          </Alert>
        ) : refused || !token ? (
          <Alert color="danger" fade={false} data-testid="mail-change-failed">
            {refused ? (
              tokenRefusalText(intl, refused.error)
            ) : (
              <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />
            )}
          </Alert>
        ) : (
          <TokenLinkForm
            action={MAIL_CHANGE_PATH}
            token={token}
            auto
            label={<FormattedMessage id="signup.next" defaultMessage="Continue" />}
          />
        )}
      </div>
    </div>
  );
}
