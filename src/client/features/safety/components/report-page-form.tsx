import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { REPORT_REASONS, reportContent, type ReportReason, type ReportRequest, type ReportTarget } from '../api/reports';
import { safetyErrorText } from '../error-text';
import { reportPagePath } from '../report-path';
import { ReportFields } from './report-fields';

/** The report page's form (its route action: app/pages/report-page.tsx). */
export const REPORT_FORM = 'report';

/** The reason a posted report names, or null. */
export const reasonOf = (raw: string | undefined): ReportReason | null => REPORT_REASONS.find((r) => r === raw) ?? null;

/**
 * The report as a page of its own (the dialog's form where JavaScript is off): the same fields, posted to the page
 * with its Idempotency-Key. Without JavaScript the route's action files it (303 to the page with the reference, or
 * to the search after a block; a refusal renders the form again with the reason in the member's language and the
 * fields kept); with JavaScript this handler does.
 */
export function ReportPageForm({ memberId, target, name }: { memberId: number; target: ReportTarget; name: string }) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const id = useId();
  const refused = useFormFailure(REPORT_FORM);
  const kept = refused?.fields;
  const [reason, setReason] = useState<ReportReason | null>(reasonOf(kept?.reason));
  const [details, setDetails] = useState(kept?.details ?? '');
  const [alsoBlock, setAlsoBlock] = useState(kept?.also_block === 'on');
  const [busy, setBusy] = useState(false);
  const reportErrorText = (err: unknown) => {
    if (isApiRequestError(err) && err.status === 400) {
      return err.code === 'details_required'
        ? intl.formatMessage({ id: 'safety.report.detailsRequired', defaultMessage: 'Please explain why the content is illegal.' })
        : intl.formatMessage({ id: 'safety.report.reasonRequired', defaultMessage: 'Please choose a reason.' });
    }
    return safetyErrorText(intl, err);
  };
  const [error, setError] = useState<string | null>(() => (refused ? reportErrorText(refused.error) : null));
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const keyFor = (body: ReportRequest) => {
    const serialized = JSON.stringify(body);
    if (attempt?.body === serialized) return attempt.key;
    const key = attempt ? newIdempotencyKey() : form.key;
    setAttempt({ body: serialized, key });
    return key;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError(intl.formatMessage({ id: 'safety.report.reasonRequired', defaultMessage: 'Please choose a reason.' }));
      return;
    }
    if (reason === 'illegal' && details.trim() === '') {
      setError(intl.formatMessage({ id: 'safety.report.detailsRequired', defaultMessage: 'Please explain why the content is illegal.' }));
      return;
    }
    setBusy(true);
    setError(null);
    const body: ReportRequest = { target, reason, also_block: alsoBlock, ...(details.trim() ? { details: details.trim() } : {}) };
    try {
      const receipt = await reportContent(api, body, keyFor(body));
      void navigate(
        receipt.blocked
          ? '/members?blocked=1'
          : `${reportPagePath(memberId, target)}${target.kind === 'profile' ? '?' : '&'}sent=${receipt.reference}`,
      );
    } catch (err) {
      setError(reportErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      action={reportPagePath(memberId, target)}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <IdempotencyKeyField value={form.key} />
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
      <Button type="submit" color="danger" disabled={busy}>
        <FormattedMessage id="safety.report.submit" defaultMessage="Send report" />
      </Button>
    </form>
  );
}
