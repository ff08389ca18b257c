import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';

/**
 * The name of the member's safety page (/safety: his reports and their outcomes, the decisions about him, his appeals):
 * one message wherever it is named — the "me" page's entry, the settings' tab and a report's receipt — so the receipt
 * points to exactly the entry he finds, in every language.
 */
export function SafetyEntryLabel() {
  return <FormattedMessage id="safety.tab" defaultMessage="Safety" />;
}

/** A link to /safety by its name (the receipt's). */
export function SafetyEntryLink() {
  return (
    <Link to="/safety" className="alert-link">
      <SafetyEntryLabel />
    </Link>
  );
}
