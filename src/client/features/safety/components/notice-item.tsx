import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Input, Label } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import type { QueuedNotice } from '../api/moderation';
import { safetyErrorText } from '../error-text';
import { NOTICE_DECISION_FORM, REPORTS_PAGE } from '../moderation-forms';
import { TARGET_MESSAGES } from '../safety-messages';

/**
 * A notice of illegal content as a moderator reads it: reference, date, who sent it, the URL, what it names, why — and
 * its actions (`children`), unless he sent it himself.
 */
export function NoticeItem({ notice, as = 'li', children }: { notice: QueuedNotice; as?: 'li' | 'div'; children?: ReactNode }) {
  const intl = useIntl();
  const Tag = as;
  return (
    <Tag className="surface mb-2" data-testid="queued-notice">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-bold">{notice.reference}</span>
        <span className="small text-body-secondary">
          <FormattedDate value={notice.created_at} dateStyle="medium" timeStyle="short" />
        </span>
      </div>
      <p className="small mb-1">
        {notice.name} · {notice.email}
      </p>
      <p className="small mb-1 text-break">
        {notice.content_url}
        {notice.target ? ` · ${intl.formatMessage(TARGET_MESSAGES[notice.target.kind])} ${notice.target.id}` : ''}
      </p>
      <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
        {notice.explanation}
      </p>
      {notice.own_report ? (
        <p className="small fw-bold mt-1 mb-0" data-testid="notice-own">
          <FormattedMessage id="safety.notice.own" defaultMessage="You sent this notice yourself: another moderator handles it." />
        </p>
      ) : (
        children
      )}
    </Tag>
  );
}

/**
 * What a moderator does with a notice whose URL names no member: add it to a member's case with a URL of his profile
 * or photo (it is decided there, with his reports), or dismiss it (the sender learns no violation was found). A form
 * posted to /moderation/reports with its Idempotency-Key (the button pressed says which), whose route action handles
 * it — through the router with JavaScript, by the browser itself without it: 303 to the queue saying what happened
 * (or that another moderator was first), or the form again with the reason in the moderator's language.
 */
export function UnassignedNoticeActions({ notice }: { notice: QueuedNotice }) {
  const intl = useIntl();
  const id = useId();
  const noticeId = String(notice.id);
  const failure = useFormFailure(NOTICE_DECISION_FORM);
  const refused = failure?.fields.notice === noticeId ? failure : null;
  const busy = usePendingForm(REPORTS_PAGE, { intent: NOTICE_DECISION_FORM })?.get('notice') === noticeId;
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [url, setUrl] = useState(refused?.fields.content_url ?? '');
  const [missing, setMissing] = useState(false);
  const urlRequired = intl.formatMessage({
    id: 'safety.notice.urlRequired',
    defaultMessage: 'Please give the URL of the member’s profile or photo.',
  });
  const error = missing
    ? urlRequired
    : refused
      ? isApiRequestError(refused.error) && refused.error.status === 400
        ? urlRequired
        : safetyErrorText(intl, refused.error)
      : null;

  // Adding to a case needs the URL (checked here before anything is sent, and by the action); dismissing does not.
  const check = (event: SubmitEvent<HTMLFormElement>) => {
    const submitter = event.submitter;
    const lacking = submitter instanceof HTMLButtonElement && submitter.value === 'assign' && url.trim() === '';
    setMissing(lacking);
    if (lacking) event.preventDefault();
  };

  return (
    <RouterForm
      action={REPORTS_PAGE}
      preventScrollReset
      onSubmit={check}
      noValidate
      className="mt-2"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <IdempotencyKeyField value={form.key} />
      <input type="hidden" name="intent" value={NOTICE_DECISION_FORM} />
      <input type="hidden" name="notice" value={noticeId} />
      <input type="hidden" name="reference" value={notice.reference} />
      <Label for={`${id}-url`} className="small">
        <FormattedMessage id="safety.notice.assignUrl" defaultMessage="URL of the member’s profile or photo" />
      </Label>
      <div className="d-flex flex-wrap gap-2">
        <Input
          id={`${id}-url`}
          name="content_url"
          type="url"
          inputMode="url"
          className="flex-grow-1 w-auto"
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" name="decide" value="assign" color="primary" disabled={busy}>
          <FormattedMessage id="safety.notice.assign" defaultMessage="Add to the member’s case" />
        </Button>
        <Button type="submit" name="decide" value="dismiss" color="secondary" disabled={busy}>
          <FormattedMessage id="safety.notice.dismiss" defaultMessage="Dismiss: no violation" />
        </Button>
      </div>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`} className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </RouterForm>
  );
}
