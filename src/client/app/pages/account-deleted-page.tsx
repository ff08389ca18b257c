import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { ACCOUNT_UNDO_DAYS } from '../../../shared/constants';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { reactivateAccount } from '../../features/accounts/api/reactivate-account';
import { TOKEN_FIELD, TokenLinkForm, tokenRefusalText } from '../../features/accounts/components/token-link-form';
import { useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The reactivation form (its route action below) and the query of the page that says it went through. */
const REACTIVATE_FORM = 'reactivate';
const ACCOUNT_DELETED_PATH = '/account-deleted';
const REACTIVATED = { name: 'reactivated', value: '1' } as const;

/**
 * The mailed undo link's token, posted by the member's button: the account is active again, and the page says so;
 * refused (used, expired), the page says why and offers the button again.
 */
export async function reactivateAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const token = textField(form, TOKEN_FIELD);
  return runFormAction(
    REACTIVATE_FORM,
    { [TOKEN_FIELD]: token },
    () => reactivateAccount(context.api, token),
    () => seeOther(`${ACCOUNT_DELETED_PATH}?${REACTIVATED.name}=${REACTIVATED.value}`),
  );
}

/** account-deleted: explains the 14-day undo; with the mailed token it offers to take the account back. */
export function AccountDeletedPage() {
  const intl = useIntl();
  const settings = useSettings();
  const [search] = useSearchParams();
  const refused = useFormFailure(REACTIVATE_FORM);
  // Reactivation waits for the member's click: opening the link alone (or a mail scanner) changes nothing.
  const token = search.get('token') ?? refused?.fields[TOKEN_FIELD] ?? null;
  const reactivated = search.get(REACTIVATED.name) === REACTIVATED.value;
  const title = intl.formatMessage({ id: 'deleted.title', defaultMessage: 'Your account has been deleted' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        {token && !reactivated ? (
          <>
            <h1 className="h3 fw-bold mb-3">
              <FormattedMessage id="deleted.reactivate.title" defaultMessage="Take your account back" />
            </h1>
            {refused ? (
              <Alert color="danger" fade={false}>
                {tokenRefusalText(intl, refused.error)}
              </Alert>
            ) : null}
            <p>
              <FormattedMessage
                id="deleted.reactivate.body"
                defaultMessage="Your profile becomes visible again, with your photos, chats and credits."
              />
            </p>
            <TokenLinkForm
              action={ACCOUNT_DELETED_PATH}
              token={token}
              auto={false}
              label={<FormattedMessage id="deleted.reactivate.submit" defaultMessage="Reactivate my account" />}
            />
          </>
        ) : reactivated ? (
          <>
            <h1 className="h3 fw-bold mb-3">
              <FormattedMessage id="deleted.back.title" defaultMessage="Welcome back!" />
            </h1>
            <Alert color="success" fade={false} data-testid="reactivated">
              <FormattedMessage id="deleted.back.body" defaultMessage="Your account is active again. Log in to continue." />{' '}
              <Link to="/login" className="alert-link">
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              </Link>
            </Alert>
          </>
        ) : (
          <>
            <h1 className="h3 fw-bold mb-3">{title}</h1>
            <p data-testid="account-deleted">
              <FormattedMessage
                id="deleted.body"
                defaultMessage="Your profile is no longer visible to anyone. Changed your mind? For {days} days you can take your account back with the link in the e-mail we sent you. After that your personal data is removed for good."
                values={{ days: ACCOUNT_UNDO_DAYS }}
              />
            </p>
            <Link to="/" className="btn btn-outline-primary">
              <FormattedMessage id="notFound.home" defaultMessage="Back to the home page" />
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
