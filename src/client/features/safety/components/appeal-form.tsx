import { useId, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import type { Statement } from '../api/statements';
import { safetyErrorText } from '../error-text';

const MAX_TEXT = 4000;

/** The appeal form (its route action: app/pages/statement-page.tsx). */
export const APPEAL_FORM = 'appeal';

/**
 * The appeal against a decision, within six months of it: his explanation, filed once (the token stands in for the
 * session of a member who cannot log in). After the period, or once appealed or reversed, it says so instead. A form
 * posted to the statement's page with its Idempotency-Key and the token, whose route action files it — by the browser
 * itself without JavaScript, through the data router with it: 303 back to the statement, which then shows the appeal,
 * or the page again with the reason in the member's language and his text kept (a refused attempt keeps its key).
 */
export function AppealForm({ statement, token, now: nowProp }: { statement: Statement; token: string | null; now?: number }) {
  const intl = useIntl();
  const id = useId();
  const page = `/safety/statements/${statement.id}${token ? `?token=${token}` : ''}`;
  const refused = useFormFailure(APPEAL_FORM);
  const busy = useSubmitting(page, APPEAL_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [now] = useState(() => nowProp ?? Date.now());
  const [text, setText] = useState(refused?.fields.text ?? '');
  const [empty, setEmpty] = useState(false);
  const required = intl.formatMessage({ id: 'safety.appeal.textRequired', defaultMessage: 'Please explain why the decision is wrong.' });
  const error = empty
    ? required
    : refused
      ? isApiRequestError(refused.error) && refused.error.status === 400
        ? required
        : safetyErrorText(intl, refused.error)
      : null;

  if (statement.appeal || statement.reversed_at) return null;
  if (Date.parse(statement.appeal_until) < now) {
    return (
      <p className="text-body-secondary" data-testid="appeal-over">
        <FormattedMessage
          id="safety.appeal.over"
          defaultMessage="The period for an appeal ended on {date}."
          values={{ date: <FormattedDate value={statement.appeal_until} dateStyle="long" /> }}
        />
      </p>
    );
  }

  /** An empty text is answered in the browser; the route action files the rest. */
  const check = (event: FormEvent<HTMLFormElement>) => {
    setEmpty(text.trim() === '');
    if (text.trim() === '') event.preventDefault();
  };

  return (
    <section className="surface-inset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold">
        <FormattedMessage id="safety.appeal.title" defaultMessage="Appeal against this decision" />
      </h2>
      <p className="small text-body-secondary">
        <FormattedMessage
          id="safety.appeal.intro"
          defaultMessage="Another moderator reviews your appeal. You can appeal until {date}."
          values={{ date: <FormattedDate value={statement.appeal_until} dateStyle="long" /> }}
        />
      </p>
      <RouterForm action={page} preventScrollReset onSubmit={check} noValidate>
        <IdempotencyKeyField value={form.key} />
        <input type="hidden" name="intent" value={APPEAL_FORM} />
        <FormGroup>
          <Label for={`${id}-text`}>
            <FormattedMessage id="safety.appeal.text" defaultMessage="Why should we change the decision?" />
          </Label>
          <Input
            id={`${id}-text`}
            name="text"
            type="textarea"
            rows={4}
            maxLength={MAX_TEXT}
            required
            aria-required
            aria-describedby={error ? `${id}-error` : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormGroup>
        {error ? (
          <Alert color="danger" fade={false} id={`${id}-error`}>
            {error}
          </Alert>
        ) : null}
        <Button type="submit" color="primary" disabled={busy}>
          <FormattedMessage id="safety.appeal.submit" defaultMessage="Send appeal" />
        </Button>
      </RouterForm>
    </section>
  );
}
