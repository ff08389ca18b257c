import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Form } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { toFormError, type FormError } from '../form-error';
import { Field } from './field';

/** Asks for a reset link. The answer is the same for every address, so the form never says whether one exists. */
export function ResetRequestForm() {
  const intl = useIntl();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(api, email.trim());
      setSent(true);
    } catch (err) {
      setError(toFormError(intl, err));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert color="success" fade={false} data-testid="reset-sent">
        <FormattedMessage
          id="reset.sent"
          defaultMessage="If {email} belongs to an account, we have sent it a link to choose a new password. The link works for 2 hours."
          values={{ email: <strong>{email.trim()}</strong> }}
        />
      </Alert>
    );
  }
  return (
    <Form onSubmit={onSubmit} noValidate>
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
    </Form>
  );
}
