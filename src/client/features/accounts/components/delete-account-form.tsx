import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import type { Schemas } from '../../../../shared/api/client';
import { ACCOUNT_UNDO_DAYS } from '../../../../shared/constants';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { toFormError } from '../form-error';
import { DeleteDiscountOffer } from './delete-discount-offer';
import { Field } from './field';

type Reason = Schemas['DeleteReason'];
const REASON_TEXT = defineMessages({
  found_partner: { id: 'delete.reason.found_partner', defaultMessage: 'I have found someone' },
  no_matches: { id: 'delete.reason.no_matches', defaultMessage: 'I do not get enough replies or matches' },
  too_expensive: { id: 'delete.reason.too_expensive', defaultMessage: 'It is too expensive' },
  too_many_mails: { id: 'delete.reason.too_many_mails', defaultMessage: 'I get too many e-mails' },
  privacy: { id: 'delete.reason.privacy', defaultMessage: 'I worry about my privacy' },
  taking_break: { id: 'delete.reason.taking_break', defaultMessage: 'I want to take a break' },
  other: { id: 'delete.reason.other', defaultMessage: 'Another reason' },
});
const DELETE_REASONS = Object.keys(REASON_TEXT) as Reason[];

/** The deletion form (its route action: app/pages/account-settings-pages.tsx, `intent=delete`). */
export const DELETE_FORM = 'delete';

/** The reasons ticked in a posted deletion form (`reasons`, repeated), known ones only. */
export const reasonsOf = (values: readonly unknown[]): Reason[] => DELETE_REASONS.filter((r) => values.includes(r));

/**
 * Account deletion with reasons and the alternatives (invisible mode, fewer e-mails, the delete discount). A form
 * posted to /settings (`intent=delete`) whose route action deletes the account — through the router with JavaScript
 * (the button busy meanwhile), by the browser itself without it: 303 to /account-deleted, loaded as a whole page with
 * the session's cookie cleared (nothing of the member's page outlives his session), or the page again with the
 * backend's error beside its field, the reasons and the comment kept.
 */
export function DeleteAccountForm() {
  const intl = useIntl();
  const refused = useFormFailure(DELETE_FORM);
  const busy = useSubmitting('/settings', DELETE_FORM);
  const [reasons, setReasons] = useState<Reason[]>(() => reasonsOf(refused?.fields.reasons?.split(',') ?? []));
  const [comment, setComment] = useState(refused?.fields.comment ?? '');
  const [password, setPassword] = useState('');
  const error = refused && !busy ? toFormError(intl, refused.error) : null;

  const toggle = (r: Reason) => setReasons((list) => (list.includes(r) ? list.filter((x) => x !== r) : [...list, r]));
  const hidden = reasons.includes('privacy') || reasons.includes('taking_break');
  const mails = reasons.includes('too_many_mails');
  const expensive = reasons.includes('too_expensive');

  return (
    <RouterForm action="/settings" replace preventScrollReset noValidate data-testid="delete-account">
      <input type="hidden" name="intent" value={DELETE_FORM} />
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">
          <FormattedMessage id="delete.why" defaultMessage="Why are you leaving? (optional)" />
        </legend>
        {DELETE_REASONS.map((value) => (
          <FormGroup check key={value}>
            <Input
              id={`delete-reason-${value}`}
              type="checkbox"
              name="reasons"
              value={value}
              checked={reasons.includes(value)}
              onChange={() => toggle(value)}
            />
            <Label check for={`delete-reason-${value}`}>
              {intl.formatMessage(REASON_TEXT[value])}
            </Label>
          </FormGroup>
        ))}
      </fieldset>
      {hidden || mails ? (
        <Alert color="info" fade={false} data-testid="delete-alternative">
          {hidden ? (
            <p className="mb-1">
              <FormattedMessage
                id="delete.alt.invisible"
                defaultMessage="You can also stay and become invisible: nobody finds you in search, and only members you already chat with can reach you. <link>Go invisible</link>"
                values={{
                  link: (chunks) => (
                    <Link to="/profile" className="alert-link">
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </p>
          ) : null}
          {mails ? (
            <p className="mb-0">
              <FormattedMessage
                id="delete.alt.mails"
                defaultMessage="You can switch off the e-mails you do not want. <link>Notification settings</link>"
                values={{
                  link: (chunks) => (
                    <Link to="/notifications" className="alert-link">
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </p>
          ) : null}
        </Alert>
      ) : null}
      {expensive ? <DeleteDiscountOffer /> : null}
      <FormGroup>
        <Label for="delete-comment">
          <FormattedMessage id="delete.comment" defaultMessage="Anything else you want to tell us? (optional)" />
        </Label>
        <Input
          id="delete-comment"
          type="textarea"
          name="comment"
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </FormGroup>
      {error && error.field !== 'password' ? (
        <Alert color="danger" fade={false}>
          {error.message}
        </Alert>
      ) : null}
      <Field
        label={<FormattedMessage id="account.password.old" defaultMessage="Current password" />}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={error?.field === 'password' ? error.message : null}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="small text-body-secondary">
        <FormattedMessage
          id="delete.undoNote"
          defaultMessage="Your profile disappears at once. For {days} days you can take your account back with the link we e-mail you; after that your personal data is removed."
          values={{ days: ACCOUNT_UNDO_DAYS }}
        />
      </p>
      <Button type="submit" color="danger" disabled={busy}>
        <FormattedMessage id="delete.submit" defaultMessage="Delete my account" />
      </Button>
    </RouterForm>
  );
}
