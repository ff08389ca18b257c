import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, FormGroup, FormText, Input, Label } from 'reactstrap';
import type { User } from '../../../../shared/api/client';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { submitComplaint, type ComplaintRequest } from '../api/submit-complaint';

const CATEGORIES = defineMessages({
  billing: { id: 'complaints.category.billing', defaultMessage: 'Payments and credits' },
  profile: { id: 'complaints.category.profile', defaultMessage: 'My profile or account' },
  conduct: { id: 'complaints.category.conduct', defaultMessage: 'Behaviour of another member' },
  privacy: { id: 'complaints.category.privacy', defaultMessage: 'Privacy and my data' },
  technical: { id: 'complaints.category.technical', defaultMessage: 'Something does not work' },
  other: { id: 'complaints.category.other', defaultMessage: 'Something else' },
});
type Category = keyof typeof CATEGORIES;
export const COMPLAINT_CATEGORIES = Object.keys(CATEGORIES) as Category[];
const MESSAGE_MIN = 10;
const MESSAGE_MAX = 5000;

/** The complaint form (its route action: app/pages/complaints-page.tsx). */
export const COMPLAINT_FORM = 'complaint';

/** Why a complaint was not filed, in the member's language. */
function complaintErrorText(intl: IntlShape, e: unknown): string {
  if (isApiRequestError(e) && e.status === 429)
    return intl.formatMessage({
      id: 'complaints.error.tooMany',
      defaultMessage: 'You have sent several complaints in a short time. Please try again in an hour or e-mail us.',
    });
  if (isApiRequestError(e) && e.status === 400)
    return intl.formatMessage({ id: 'complaints.error.invalid', defaultMessage: 'Please check your name, e-mail address and message.' });
  return intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
}

/**
 * The complaints form: stored by the backend and mailed to support; shows the reference when it is filed. A form
 * posted to /complaints with its Idempotency-Key: without JavaScript, or before the page hydrated, the route's action
 * files it on the server (303 to /complaints?filed=<reference>, or the page again with the reason and the fields
 * kept); with JavaScript this handler does.
 */
export function ComplaintForm({ user, profileId }: { user: User | null; profileId: number | null }) {
  const intl = useIntl();
  const api = useApi();
  const id = useId();
  const refused = useFormFailure(COMPLAINT_FORM);
  const [search] = useSearchParams();
  const kept = refused?.fields;
  const [name, setName] = useState(kept?.name ?? user?.profile.name ?? '');
  const [email, setEmail] = useState(kept?.email ?? user?.email ?? '');
  const [category, setCategory] = useState<Category>(
    COMPLAINT_CATEGORIES.find((c) => c === kept?.category) ?? (profileId ? 'conduct' : 'billing'),
  );
  const [message, setMessage] = useState(kept?.message ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => (refused ? complaintErrorText(intl, refused.error) : null));
  const [reference, setReference] = useState<string | null>(refused ? null : search.get('filed'));
  // The same complaint sent again (a second click, a retry after a lost answer) keeps its key: filed once. The form's
  // key goes with its first complaint; another text is another attempt.
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const keyFor = (body: ComplaintRequest) => {
    const serialized = JSON.stringify(body);
    if (attempt?.body === serialized) return attempt.key;
    const key = attempt ? newIdempotencyKey() : form.key;
    setAttempt({ body: serialized, key });
    return key;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (message.trim().length < MESSAGE_MIN) {
      setError(
        intl.formatMessage(
          { id: 'complaints.error.short', defaultMessage: 'Please describe your complaint in at least {min} characters.' },
          { min: MESSAGE_MIN },
        ),
      );
      return;
    }
    setBusy(true);
    try {
      const body: ComplaintRequest = {
        name: name.trim(),
        email: email.trim(),
        category,
        message: message.trim(),
        ...(profileId ? { profile_id: profileId } : {}),
      };
      const receipt = await submitComplaint(api, body, keyFor(body));
      setReference(receipt.reference);
    } catch (e) {
      setError(complaintErrorText(intl, e));
    } finally {
      setBusy(false);
    }
  };

  if (reference) {
    return (
      <Alert color="success" className="mb-0" role="status" data-testid="complaint-filed">
        <h2 className="h5">
          <FormattedMessage id="complaints.thanks.title" defaultMessage="Thank you, your complaint has been filed" />
        </h2>
        <FormattedMessage
          id="complaints.thanks.body"
          defaultMessage="Your reference is {reference}. We answer by e-mail within 14 days; please quote the reference if you contact us again."
          values={{ reference: <strong>{reference}</strong> }}
        />
      </Alert>
    );
  }

  return (
    <Form method="post" action={profileId ? `/complaints?profile=${profileId}` : '/complaints'} onSubmit={onSubmit} noValidate={false}>
      <IdempotencyKeyField value={form.key} />
      {error ? (
        <Alert color="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <FormGroup>
        <Label for={`${id}-name`}>
          <FormattedMessage id="complaints.name" defaultMessage="Your name" />
        </Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-email`}>
          <FormattedMessage id="complaints.email" defaultMessage="Your e-mail address" />
        </Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-category`}>
          <FormattedMessage id="complaints.category" defaultMessage="What is it about?" />
        </Label>
        <Input
          id={`${id}-category`}
          name="category"
          type="select"
          value={category}
          onChange={(e) => setCategory(e.target.value as Category)}
        >
          {COMPLAINT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {intl.formatMessage(CATEGORIES[c])}
            </option>
          ))}
        </Input>
      </FormGroup>
      <FormGroup>
        <Label for={`${id}-message`}>
          <FormattedMessage id="complaints.message" defaultMessage="Your complaint" />
        </Label>
        <Input
          id={`${id}-message`}
          name="message"
          type="textarea"
          rows={6}
          required
          minLength={MESSAGE_MIN}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={`${id}-message-help`}
        />
        <FormText id={`${id}-message-help`}>
          <FormattedMessage
            id="complaints.message.help"
            defaultMessage="{count} / {max} characters. Describe what happened and when."
            values={{ count: message.length, max: MESSAGE_MAX }}
          />
        </FormText>
      </FormGroup>
      <Button color="primary" type="submit" disabled={busy}>
        {busy ? (
          <FormattedMessage id="complaints.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="complaints.submit" defaultMessage="Send complaint" />
        )}
      </Button>
    </Form>
  );
}
