import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Form, FormGroup, FormText, Input, Label } from 'reactstrap';
import type { User } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
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
const MESSAGE_MIN = 10;
const MESSAGE_MAX = 5000;

/** The complaints form: stored by the backend and mailed to support; shows the reference when it is filed. */
export function ComplaintForm({ user, profileId }: { user: User | null; profileId: number | null }) {
  const intl = useIntl();
  const api = useApi();
  const id = useId();
  const [name, setName] = useState(user?.profile.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [category, setCategory] = useState<Category>(profileId ? 'conduct' : 'billing');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  // The same complaint sent again (a second click, a retry after a lost answer) keeps its key: filed once.
  const [keyFor] = useState(createAttemptKeys);

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
      if (isApiRequestError(e) && e.status === 429) {
        setError(
          intl.formatMessage({
            id: 'complaints.error.tooMany',
            defaultMessage: 'You have sent several complaints in a short time. Please try again in an hour or e-mail us.',
          }),
        );
      } else if (isApiRequestError(e) && e.status === 400) {
        setError(
          intl.formatMessage({ id: 'complaints.error.invalid', defaultMessage: 'Please check your name, e-mail address and message.' }),
        );
      } else {
        setError(intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }));
      }
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
    <Form onSubmit={onSubmit} noValidate={false}>
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
          {(Object.keys(CATEGORIES) as Category[]).map((c) => (
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
