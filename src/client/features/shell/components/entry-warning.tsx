import { FormattedMessage, useIntl } from 'react-intl';
import { Modal } from '../../../components/modal';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useStandalone } from '../../../hooks/use-standalone';
import { useCurrentUser, useSettings } from '../../../lib/store/store';
import { shouldShowEntryWarning, type LayoutName } from '../entry-warning-rule';

/** Where "Leave" takes a visitor who does not want to enter an adult site. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The site-entry warning modal. The server renders it (or not, when the `dismissed_entry_warning` cookie holds
 * the skipped marker) so there is no flash; the CSS hides it in standalone display and the browser drops it there.
 * It must be answered: no Esc, no backdrop close.
 */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const standalone = useStandalone();
  const [skippedAt, skip] = useDismissal('entry_warning');
  if (standalone || !shouldShowEntryWarning({ settings, loggedIn: user !== null, skippedAt, layout })) return null;
  return (
    <Modal
      className="entry-warning"
      testId="entry-warning"
      title={<FormattedMessage id="entryWarning.title" defaultMessage="Adults only (18+)" />}
      footer={
        <>
          <a href={LEAVE_URL} className="btn btn-outline-secondary text-body" rel="noreferrer">
            <FormattedMessage id="entryWarning.leave" defaultMessage="Leave" />
          </a>
          <button type="button" className="btn btn-primary" onClick={skip}>
            <FormattedMessage id="entryWarning.enter" defaultMessage="I am 18 or older – enter" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="entryWarning.body"
          defaultMessage="{site} is a dating and chat site for adult men. It contains profiles and photos that are not suitable for minors."
          values={{ site: settings.name }}
        />
      </p>
      <p className="mb-0">
        <FormattedMessage
          id="entryWarning.confirm"
          defaultMessage="By entering you confirm that you are at least 18 years old and that you accept our terms and conditions."
        />
      </p>
      {settings.fictional_warning ? <p className="small text-body-secondary mt-3 mb-0">{settings.fictional_warning}</p> : null}
      <span className="visually-hidden">
        {intl.formatMessage({ id: 'entryWarning.answerHint', defaultMessage: 'Choose enter or leave to continue.' })}
      </span>
    </Modal>
  );
}
