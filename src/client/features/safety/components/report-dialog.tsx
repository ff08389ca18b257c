import { useIntl } from 'react-intl';
import { Modal } from '../../../components/modal';
import { useSubmitting } from '../../../components/router-form';
import type { ReportTarget } from '../api/reports';
import { ReportPageForm } from './report-page-form';

/**
 * The report dialog for a member's profile, message or photo: the report page's form (the reason, details — required
 * for illegal content — and "also block him") in place, posted to the report page `page` (reportPagePath) whose route
 * action files it, as the page's own form does. With JavaScript the router runs that action: the report page follows
 * with the receipt and its reference (a repeat while the first report is open shows that same receipt), or the
 * search after a block, where the blocked member no longer appears; a refusal shows on the report page with the fields
 * kept. Without JavaScript the menus' items are links to that page.
 */
export function ReportDialog({ target, page, name, onClose }: { target: ReportTarget; page: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const busy = useSubmitting(page);
  const title =
    target.kind === 'profile'
      ? intl.formatMessage({ id: 'safety.report.titleProfile', defaultMessage: 'Report {name}' }, { name })
      : target.kind === 'message'
        ? intl.formatMessage({ id: 'safety.report.titleMessage', defaultMessage: 'Report a message from {name}' }, { name })
        : intl.formatMessage({ id: 'safety.report.titlePhoto', defaultMessage: 'Report a photo of {name}' }, { name });
  return (
    <Modal title={title} onDismiss={busy ? undefined : onClose} testId="report-dialog">
      <ReportPageForm action={page} name={name} onCancel={onClose} />
    </Modal>
  );
}
