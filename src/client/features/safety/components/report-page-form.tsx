import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useFormRedirect, useSubmitting } from '../../../components/router-form';
import { isMemberListKey } from '../../../lib/swr-key';
import { isApiRequestError } from '../../../lib/api-error';
import { REPORT_REASONS, type ReportReason } from '../api/reports';
import { safetyErrorText } from '../error-text';
import { ReportFields } from './report-fields';

/** The report page's form (its route action: app/pages/report-page.tsx). */
export const REPORT_FORM = 'report';

/** The reason a posted report names, or null. */
export const reasonOf = (raw: string | undefined): ReportReason | null => REPORT_REASONS.find((r) => r === raw) ?? null;

/**
 * The report form, on the report page and in the report dialog alike: the reason, details and "also block", posted to
 * the report page (`action`, reportPagePath) with its Idempotency-Key, whose route action files it — through the
 * router with JavaScript (the button busy meanwhile), by the browser itself without it: 303 to the report page with
 * the reference, or to the search after a block; a refusal shows the form again (on the report page) with the reason
 * in the member's language and the fields kept. A refused report sent again keeps its key (the backend stores nothing
 * for a refusal), so a retry after a lost answer is filed once. `onCancel` adds a cancel button (the dialog's).
 */
export function ReportPageForm({ action, name, onCancel }: { action: string; name: string; onCancel?: () => void }) {
  const intl = useIntl();
  const id = useId();
  const refused = useFormFailure(REPORT_FORM);
  // Reported and blocked: the router loads the search; the lists loaded before the block still hold the member.
  const blocked = useFormRedirect(action) !== null;
  const busy = useSubmitting(action) || blocked;
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (blocked) void mutate(isMemberListKey, undefined, { revalidate: true });
  }, [blocked, mutate]);
  const kept = refused?.fields;
  const [reason, setReason] = useState<ReportReason | null>(reasonOf(kept?.reason));
  const [details, setDetails] = useState(kept?.details ?? '');
  const [alsoBlock, setAlsoBlock] = useState(kept?.also_block === 'on');
  const [missing, setMissing] = useState<'reason' | 'details' | null>(null);
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const reasonRequired = intl.formatMessage({ id: 'safety.report.reasonRequired', defaultMessage: 'Please choose a reason.' });
  const detailsRequired = intl.formatMessage({
    id: 'safety.report.detailsRequired',
    defaultMessage: 'Please explain why the content is illegal.',
  });
  const reportErrorText = (err: unknown) => {
    if (isApiRequestError(err) && err.status === 400) return err.code === 'details_required' ? detailsRequired : reasonRequired;
    return safetyErrorText(intl, err);
  };
  const error =
    missing === 'reason' ? reasonRequired : missing === 'details' ? detailsRequired : refused ? reportErrorText(refused.error) : null;

  // Checked here before anything is sent (the backend checks again): a report without its reason is not posted.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const lacking = !reason ? 'reason' : reason === 'illegal' && details.trim() === '' ? 'details' : null;
    setMissing(lacking);
    if (lacking) event.preventDefault();
  };

  return (
    <RouterForm action={action} onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
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
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        {onCancel ? (
          <Button type="button" color="light" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Button>
        ) : null}
        <Button type="submit" color="danger" disabled={busy}>
          <FormattedMessage id="safety.report.submit" defaultMessage="Send report" />
        </Button>
      </div>
    </RouterForm>
  );
}
