import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { toFormError } from '../form-error';
import { Field } from './field';

/** The reset request's form (its route action: app/pages/reset-password-pages.tsx). */
export const RESET_REQUEST_FORM = 'reset-request';

/**
 * Asks for a reset link. The answer is the same for every address, so the form never says whether one exists. A form
 * posted to /reset-password whose route action asks the backend: through the router with JavaScript (the button busy
 * meanwhile), by the browser itself without it; either way 303 to /reset-password?sent=…, or the page again with the
 * backend's error and the address kept.
 */
export function ResetRequestForm() {
  const intl = useIntl();
  const refused = useFormFailure(RESET_REQUEST_FORM);
  const [search] = useSearchParams();
  const busy = useSubmitting('/reset-password');
  const sentTo = refused ? null : search.get('sent');
  const [email, setEmail] = useState(refused?.fields.email ?? '');
  const error = refused ? toFormError(intl, refused.error) : null;

  if (sentTo !== null) {
    return (
      <Alert color="success" fade={false} data-testid="reset-sent">
        <FormattedMessage
          id="reset.sent"
          defaultMessage="If {email} belongs to an account, we have sent it a link to choose a new password. The link works for 2 hours."
          values={{ email: <strong>{sentTo.trim()}</strong> }}
        />
      </Alert>
    );
  }
  return (
    <RouterForm action="/reset-password" replace noValidate>
      {error && error.field !== 'email' ? (
        <Alert color="danger" fade={false}>
          {error.message}
        </Alert>
      ) : null}
      <Field
        label={<FormattedMessage id="reset.email" defaultMessage="Your e-mail address" />}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={error?.field === 'email' ? error.message : null}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" color="primary" size="lg" block disabled={busy}>
        <FormattedMessage id="reset.submit" defaultMessage="Send me a link" />
      </Button>
    </RouterForm>
  );
}
