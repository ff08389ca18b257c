import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { Modal } from '../../../components/modal';
import { useApi } from '../../../lib/api-client';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { reportContent, type ReportReason, type ReportReceipt, type ReportTarget } from '../api/reports';
import { safetyErrorText } from '../error-text';
import { ReportFields } from './report-fields';
import { isMemberListKey } from '../../../lib/swr-key';

/**
 * The report dialog for a member's profile, message or photo: the reason, details (required for illegal content) and
 * "also block him". The receipt with its reference is shown in the dialog; reporting the same thing again while the
 * first report is open shows that same receipt. After a block the member leaves for the search, where the blocked
 * member no longer appears.
 */
export function ReportDialog({ target, name, onClose }: { target: ReportTarget; name: string; onClose: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const id = useId();
  const attemptKey = useMemo(() => createAttemptKeys(), []);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<ReportReceipt | null>(null);
  const detailsRequired = reason === 'illegal';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError(intl.formatMessage({ id: 'safety.report.reasonRequired', defaultMessage: 'Please choose a reason.' }));
      return;
    }
    if (detailsRequired && details.trim() === '') {
      setError(intl.formatMessage({ id: 'safety.report.detailsRequired', defaultMessage: 'Please explain why the content is illegal.' }));
      return;
    }
    setBusy(true);
    setError(null);
    const body = { target, reason, also_block: alsoBlock, ...(details.trim() ? { details: details.trim() } : {}) };
    try {
      setReceipt(await reportContent(api, body, attemptKey(body)));
    } catch (err) {
      setError(safetyErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    onClose();
    if (receipt?.blocked) {
      // Lists loaded before the block still hold the member: every list is asked again.
      void mutate(isMemberListKey, undefined, {
        revalidate: true,
      });
      void navigate('/members?blocked=1');
    }
  };

  const title =
    target.kind === 'profile'
      ? intl.formatMessage({ id: 'safety.report.titleProfile', defaultMessage: 'Report {name}' }, { name })
      : target.kind === 'message'
        ? intl.formatMessage({ id: 'safety.report.titleMessage', defaultMessage: 'Report a message from {name}' }, { name })
        : intl.formatMessage({ id: 'safety.report.titlePhoto', defaultMessage: 'Report a photo of {name}' }, { name });

  if (receipt) {
    return (
      <Modal
        title={title}
        onDismiss={close}
        testId="report-dialog"
        footer={
          <Button color="primary" onClick={close}>
            <FormattedMessage id="safety.close" defaultMessage="Close" />
          </Button>
        }
      >
        <div role="status" data-testid="report-receipt">
          <p className="fw-bold">
            <FormattedMessage
              id="safety.report.received"
              defaultMessage="Thank you. We received your report {reference}."
              values={{ reference: receipt.reference }}
            />
          </p>
          <p className="mb-0">
            <FormattedMessage
              id="safety.report.receivedText"
              defaultMessage="A moderator will look at it. {name} is not told who reported him. You will find the outcome under “Safety” in your account."
              values={{ name }}
            />
          </p>
          {receipt.blocked ? (
            <p className="mt-2 mb-0">
              <FormattedMessage id="safety.report.blocked" defaultMessage="{name} is blocked." values={{ name }} />
            </p>
          ) : null}
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={title} onDismiss={busy ? undefined : onClose} testId="report-dialog">
      <form method="post" onSubmit={(event) => void submit(event)} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <ReportFields
          id={id}
          name={name}
          reason={reason}
          onReason={setReason}
          details={details}
          onDetails={setDetails}
          alsoBlock={alsoBlock}
          onAlsoBlock={setAlsoBlock}
        />
        {error ? (
          <Alert color="danger" fade={false} id={`${id}-error`}>
            {error}
          </Alert>
        ) : null}
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Button type="button" color="light" onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button type="submit" color="danger" disabled={busy}>
            <FormattedMessage id="safety.report.submit" defaultMessage="Send report" />
          </Button>
        </div>
      </form>
    </Modal>
  );
}
