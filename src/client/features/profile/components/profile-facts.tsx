import { useIntl } from 'react-intl';
import { INTEREST_MESSAGES } from '../../../lib/interest-messages';
import { ATTRIBUTE_LABELS as labels, VALUE_LABELS as values } from '../../../lib/profile-messages';
import type { ProfileDetail } from '../api/get-profile';

/** A readable, translated value; values outside the known lists are shown as sent, with underscores as spaces. */
function useValueText() {
  const intl = useIntl();
  return (value: string): string => {
    const known = values[value.toLowerCase()];
    return known ? intl.formatMessage(known) : value.replace(/_/g, ' ');
  };
}

export function ProfileFacts({ attributes }: { attributes: ProfileDetail['attributes'] }) {
  const intl = useIntl();
  const valueText = useValueText();
  const rows: Array<[string, string]> = [];
  for (const key of Object.keys(labels) as Array<keyof typeof labels>) {
    const raw = attributes[key];
    if (raw === null || raw === undefined || raw === '') continue;
    const text = typeof raw === 'boolean' ? valueText(raw ? 'yes' : 'no') : valueText(String(raw));
    rows.push([intl.formatMessage(labels[key]), text]);
  }
  if (rows.length === 0) return null;
  return (
    <dl className="profile-facts">
      {rows.map(([label, text]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InterestList({ interests }: { interests: string[] }) {
  const intl = useIntl();
  const valueText = (key: string) => {
    const label = INTEREST_MESSAGES[key];
    return label ? intl.formatMessage(label) : key.replace(/_/g, ' ');
  };
  if (interests.length === 0) return null;
  return (
    <ul className="interest-list">
      {interests.map((key) => (
        <li key={key}>{valueText(key)}</li>
      ))}
    </ul>
  );
}
