import { FormattedMessage, useIntl } from 'react-intl';
import { FormGroup, Input, Label } from 'reactstrap';
import { REPORT_REASONS, type ReportReason } from '../api/reports';
import { REASON_MESSAGES } from '../safety-messages';

export const MAX_DETAILS = 2000;

/**
 * The fields of a report, in the dialog and on the report page alike: the reason, details (required for illegal
 * content) and "also block him". Named as the report page's action reads them (`reason`, `details`, `also_block`).
 */
export function ReportFields({
  id,
  name,
  reason,
  onReason,
  details,
  onDetails,
  alsoBlock,
  onAlsoBlock,
}: {
  id: string;
  /** The member the content belongs to. */
  name: string;
  reason: ReportReason | null;
  onReason: (reason: ReportReason) => void;
  details: string;
  onDetails: (details: string) => void;
  alsoBlock: boolean;
  onAlsoBlock: (block: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-bold">
          <FormattedMessage id="safety.report.reason" defaultMessage="What is wrong?" />
        </legend>
        {REPORT_REASONS.map((r) => (
          <FormGroup check key={r}>
            <Input type="radio" id={`${id}-${r}`} name="reason" value={r} checked={reason === r} onChange={() => onReason(r)} />
            <Label check for={`${id}-${r}`}>
              {intl.formatMessage(REASON_MESSAGES[r])}
            </Label>
          </FormGroup>
        ))}
      </fieldset>
      <FormGroup>
        <Label for={`${id}-details`}>
          {reason === 'illegal' ? (
            <FormattedMessage id="safety.report.detailsIllegal" defaultMessage="Why is it illegal? (required)" />
          ) : (
            <FormattedMessage id="safety.report.details" defaultMessage="Anything we should know? (optional)" />
          )}
        </Label>
        <Input
          id={`${id}-details`}
          name="details"
          type="textarea"
          rows={3}
          maxLength={MAX_DETAILS}
          required={reason === 'illegal'}
          aria-required={reason === 'illegal'}
          value={details}
          onChange={(event) => onDetails(event.target.value)}
        />
      </FormGroup>
      <FormGroup check className="mb-3">
        <Input
          type="checkbox"
          id={`${id}-block`}
          name="also_block"
          checked={alsoBlock}
          onChange={(event) => onAlsoBlock(event.target.checked)}
        />
        <Label check for={`${id}-block`}>
          <FormattedMessage id="safety.report.alsoBlock" defaultMessage="Also block {name}" values={{ name }} />
        </Label>
      </FormGroup>
    </>
  );
}
