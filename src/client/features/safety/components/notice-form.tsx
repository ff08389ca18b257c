import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import { safetyErrorText } from '../error-text';

const MIN_EXPLANATION = 10;

/** The notice form (its route action: app/pages/report-content-page.tsx). */
export const NOTICE_FORM = 'notice';

type Field = 'name' | 'email' | 'url' | 'explanation' | 'goodFaith';

/** The posted notice's fields as the form names them (`good_faith` is "on" when ticked). */
export interface NoticeFields {
  name: string;
  email: string;
  url: string;
  explanation: string;
  good_faith: string;
}

/** The fields a notice cannot go without or has wrong: checked in the browser and by the route's action alike. */
export function noticeProblems(f: NoticeFields): Field[] {
  const wrong: Field[] = [];
  if (f.name.trim() === '') wrong.push('name');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) wrong.push('email');
  if (f.url.trim() === '') wrong.push('url');
  if (f.explanation.trim().length < MIN_EXPLANATION) wrong.push('explanation');
  if (f.good_faith !== 'on') wrong.push('goodFaith');
  return wrong;
}

/**
 * The notice of illegal content, open to anyone: name, e-mail address, the content's address, the explanation and the
 * good-faith statement. The answer is a reference whatever the address (whether it has an account is never told).
 * A form posted to /report-content with its Idempotency-Key, whose route action sends it — through the router with
 * JavaScript (the button busy meanwhile), by the browser itself without it: 303 to /report-content?sent=<reference>,
 * or the page again with the reason in the visitor's language and the fields kept. A refused notice sent again keeps
 * its key (the backend stores nothing for a refusal), so a retry after a lost answer is received once.
 */
export function NoticeForm({ initialUrl = '', sent = null }: { initialUrl?: string; sent?: string | null }) {
  const intl = useIntl();
  const id = useId();
  const refused = useFormFailure(NOTICE_FORM);
  const busy = useSubmitting('/report-content');
  const kept = refused?.fields;
  const [name, setName] = useState(kept?.name ?? '');
  const [email, setEmail] = useState(kept?.email ?? '');
  const [url, setUrl] = useState(kept?.url ?? initialUrl);
  const [explanation, setExplanation] = useState(kept?.explanation ?? '');
  const [goodFaith, setGoodFaith] = useState(kept?.good_faith === 'on');
  const [invalid, setInvalid] = useState<Field[]>(() => (kept ? noticeProblems(kept as unknown as NoticeFields) : []));
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const reference = refused ? null : sent;
  const invalidText = intl.formatMessage({ id: 'safety.notice.invalid', defaultMessage: 'Please complete the marked fields.' });
  const error = invalid.length > 0 ? invalidText : refused ? noticeErrorText(refused.error) : null;

  function noticeErrorText(err: unknown): string {
    if (isApiRequestError(err) && err.status === 400) return invalidText;
    return safetyErrorText(intl, err);
  }

  if (reference) {
    return (
      <div className="alert alert-success mb-0" role="status" data-testid="notice-receipt">
        <p className="fw-bold mb-1">
          <FormattedMessage
            id="safety.notice.received"
            defaultMessage="Thank you. We received your notice {reference}."
            values={{ reference }}
          />
        </p>
        <p className="mb-0">
          <FormattedMessage
            id="safety.notice.receivedText"
            defaultMessage="A confirmation is on its way to the e-mail address you gave. We will tell you what we decided."
          />
        </p>
      </div>
    );
  }

  // Checked here before anything is sent (the route's action checks the same): a notice with marked fields is not posted.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const wrong = noticeProblems({ name, email, url, explanation, good_faith: goodFaith ? 'on' : '' });
    setInvalid(wrong);
    if (wrong.length > 0) event.preventDefault();
  };

  const field = (f: Field) => ({ invalid: invalid.includes(f), 'aria-invalid': invalid.includes(f) });

  return (
    <RouterForm action="/report-content" onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      <IdempotencyKeyField value={form.key} />
      <FormGroup>
        <Label for={`${id}-name`}>
          <FormattedMessage id="safety.notice.name" defaultMessage="Your name" />
        </Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          maxLength={100}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...field('name')}
        />
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-email`}>
          <FormattedMessage id="safety.notice.email" defaultMessage="Your e-mail address" />
        </Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...field('email')}
        />
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-url`}>
          <FormattedMessage id="safety.notice.url" defaultMessage="Address (URL) of the content" />
        </Label>
        <Input
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          maxLength={2000}
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          {...field('url')}
        />
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-explanation`}>
          <FormattedMessage id="safety.notice.explanation" defaultMessage="Why is this content illegal?" />
        </Label>
        <Input
          id={`${id}-explanation`}
          name="explanation"
          type="textarea"
          rows={5}
          minLength={MIN_EXPLANATION}
          maxLength={4000}
          required
          aria-describedby={`${id}-explanation-hint`}
          value={explanation}
          onChange={(e) => setExplanation(e.target.value)}
          {...field('explanation')}
        />
        <div id={`${id}-explanation-hint`} className="form-text">
          <FormattedMessage
            id="safety.notice.explanationHint"
            defaultMessage="At least {min} characters."
            values={{ min: MIN_EXPLANATION }}
          />
        </div>
      </FormGroup>
      <FormGroup check className="mb-3">
        <Input
          type="checkbox"
          id={`${id}-faith`}
          name="good_faith"
          required
          checked={goodFaith}
          onChange={(e) => setGoodFaith(e.target.checked)}
          {...field('goodFaith')}
        />
        <Label check for={`${id}-faith`}>
          <FormattedMessage
            id="safety.notice.goodFaith"
            defaultMessage="I declare in good faith that the information in this notice is accurate and complete."
          />
        </Label>
      </FormGroup>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" color="primary" disabled={busy}>
        <FormattedMessage id="safety.notice.submit" defaultMessage="Send notice" />
      </Button>
    </RouterForm>
  );
}
