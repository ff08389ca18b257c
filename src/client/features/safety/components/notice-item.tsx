import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Input, Label } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { decideNotice, type QueuedNotice } from '../api/moderation';
import { safetyErrorText } from '../error-text';
import { TARGET_MESSAGES } from '../safety-messages';
import { useHydrated } from '../../../components/progressive-form';

/** A notice of illegal content as a moderator reads it: reference, date, who sent it, the URL, what it names, why. */
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
      {children}
    </Tag>
  );
}

export type NoticeOutcome = { kind: 'dismissed' | 'assigned' | 'conflict'; reference: string };

/**
 * What a moderator does with a notice whose URL names no member: add it to a member's case with a URL of his profile
 * or photo (it is decided there, with his reports), or dismiss it (the sender learns no violation was found).
 */
export function UnassignedNoticeActions({ notice, onOutcome }: { notice: QueuedNotice; onOutcome: (outcome: NoticeOutcome) => void }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const api = useApi();
  const id = useId();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'assign' | 'dismiss') => {
    if (action === 'assign' && url.trim() === '') {
      setError(
        intl.formatMessage({ id: 'safety.notice.urlRequired', defaultMessage: 'Please give the URL of the member’s profile or photo.' }),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await decideNotice(api, { notice: notice.id, action, ...(action === 'assign' ? { content_url: url.trim() } : {}) });
      onOutcome({ kind: action === 'assign' ? 'assigned' : 'dismissed', reference: notice.reference });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 409) onOutcome({ kind: 'conflict', reference: notice.reference });
      else setError(safetyErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  const assign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run('assign');
  };

  return (
    // The console works with JavaScript: before the page hydrated its buttons are off (nothing is posted).
    <form method="post" onSubmit={assign} noValidate className="mt-2" aria-describedby={error ? `${id}-error` : undefined}>
      <Label for={`${id}-url`} className="small">
        <FormattedMessage id="safety.notice.assignUrl" defaultMessage="URL of the member’s profile or photo" />
      </Label>
      <div className="d-flex flex-wrap gap-2">
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          className="flex-grow-1 w-auto"
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" color="primary" disabled={busy || !hydrated}>
          <FormattedMessage id="safety.notice.assign" defaultMessage="Add to the member’s case" />
        </Button>
        <Button type="button" color="secondary" disabled={busy || !hydrated} onClick={() => void run('dismiss')}>
          <FormattedMessage id="safety.notice.dismiss" defaultMessage="Dismiss: no violation" />
        </Button>
      </div>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`} className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}
