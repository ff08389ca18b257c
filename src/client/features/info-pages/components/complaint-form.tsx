import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormGroup, FormText, Input, Label } from 'reactstrap';
import type { User } from '../../../../shared/api/client';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';

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
 * posted to /complaints with its Idempotency-Key, whose route action files it — through the router with JavaScript
 * (the button busy meanwhile), by the browser itself without it: 303 to /complaints?filed=<reference>, or the page
 * again with the reason and the fields kept. A refused complaint sent again keeps its key (the backend stores nothing
 * for a refusal), so a retry after a lost answer is filed once.
 */
export function ComplaintForm({ user, profileId }: { user: User | null; profileId: number | null }) {
  const intl = useIntl();
  const id = useId();
  const refused = useFormFailure(COMPLAINT_FORM);
  const [search] = useSearchParams();
  const busy = useSubmitting('/complaints');
  const kept = refused?.fields;
  const [name, setName] = useState(kept?.name ?? user?.profile.name ?? '');
  const [email, setEmail] = useState(kept?.email ?? user?.email ?? '');
  const [category, setCategory] = useState<Category>(
    COMPLAINT_CATEGORIES.find((c) => c === kept?.category) ?? (profileId ? 'conduct' : 'billing'),
  );
  const [message, setMessage] = useState(kept?.message ?? '');
  const [tooShort, setTooShort] = useState(false);
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const reference = refused ? null : search.get('filed');
  const error = tooShort
    ? intl.formatMessage(
        { id: 'complaints.error.short', defaultMessage: 'Please describe your complaint in at least {min} characters.' },
        { min: MESSAGE_MIN },
      )
    : refused
      ? complaintErrorText(intl, refused.error)
      : null;

  // Checked here before anything is sent (the backend checks again); a complaint too short is not posted.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const short = message.trim().length < MESSAGE_MIN;
    setTooShort(short);
    if (short) event.preventDefault();
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
    <RouterForm action={profileId ? `/complaints?profile=${profileId}` : '/complaints'} onSubmit={onSubmit}>
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
    </RouterForm>
  );
}
