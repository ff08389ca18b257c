import { useId, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { fileAppeal, type AppealReceipt, type Statement } from '../api/statements';
import { safetyErrorText } from '../error-text';

const MAX_TEXT = 4000;

/** The appeal form (its route action: app/pages/statement-page.tsx). */
export const APPEAL_FORM = 'appeal';

/**
 * The appeal against a decision, within six months of it: his explanation, filed once (the token stands in for the
 * session of a member who cannot log in). After the period, or once appealed or reversed, it says so instead. A form
 * posted to the statement's page with its Idempotency-Key and the token: without JavaScript the route's action files
 * it (303 back to the statement, which then shows the appeal, or the page again with the reason in the member's
 * language and his text kept); with JavaScript this handler does.
 */
export function AppealForm({
  statement,
  token,
  onFiled,
  now: nowProp,
}: {
  statement: Statement;
  token: string | null;
  onFiled: (receipt: AppealReceipt) => void;
  now?: number;
}) {
  const intl = useIntl();
  const api = useApi();
  const id = useId();
  const refused = useFormFailure(APPEAL_FORM);
  const [now] = useState(() => nowProp ?? Date.now());
  const [text, setText] = useState(refused?.fields.text ?? '');
  const [busy, setBusy] = useState(false);
  const appealErrorText = (err: unknown) =>
    isApiRequestError(err) && err.status === 400
      ? intl.formatMessage({ id: 'safety.appeal.textRequired', defaultMessage: 'Please explain why the decision is wrong.' })
      : safetyErrorText(intl, err);
  const [error, setError] = useState<string | null>(() => (refused ? appealErrorText(refused.error) : null));
  // The same appeal sent again keeps its key (filed once); the form's key (the one a post without JavaScript carries)
  // goes with the first attempt, another text is another attempt.
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown) => {
    const serialized = JSON.stringify(body);
    if (attempt?.body === serialized) return attempt.key;
    const key = attempt ? newIdempotencyKey() : form.key;
    setAttempt({ body: serialized, key });
    return key;
  };

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(intl.formatMessage({ id: 'safety.appeal.textRequired', defaultMessage: 'Please explain why the decision is wrong.' }));
      return;
    }
    setBusy(true);
    setError(null);
    const body = { decision: statement.id, text: text.trim(), ...(token ? { token } : {}) };
    try {
      onFiled(await fileAppeal(api, body, keyFor(body)));
    } catch (err) {
      setError(appealErrorText(err));
    } finally {
      setBusy(false);
    }
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
      <form
        method="post"
        action={`/safety/statements/${statement.id}${token ? `?token=${token}` : ''}`}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <IdempotencyKeyField value={form.key} />
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
      </form>
    </section>
  );
}
