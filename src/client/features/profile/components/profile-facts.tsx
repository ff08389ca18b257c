import { useIntl, type MessageDescriptor } from 'react-intl';
import { INTEREST_MESSAGES } from '../../../lib/interest-messages';
import { formatHeight, formatWeight } from '../../../lib/body-units';
import {
  ATTRIBUTE_LABELS as labels,
  LOOKING_FOR_LABELS,
  POSITION_LABELS,
  PRONOUN_LABELS,
  TRIBE_LABELS,
  VALUE_LABELS as values,
  WORDS_LABELS,
} from '../../../lib/profile-messages';
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
  // His own words first ("Looking for: Chat, Dates", "Height: 1.80 m"): only what he said.
  const named = (list: readonly string[], known: Record<string, MessageDescriptor>) =>
    intl.formatList(
      list.map((v) => (known[v] ? intl.formatMessage(known[v]) : v.replace(/_/g, ' '))),
      { type: 'unit', style: 'short' },
    );
  const a = attributes;
  if (a.looking_for?.length) rows.push([intl.formatMessage(WORDS_LABELS.looking_for), named(a.looking_for, LOOKING_FOR_LABELS)]);
  if (a.position) rows.push([intl.formatMessage(WORDS_LABELS.position), named([a.position], POSITION_LABELS)]);
  if (a.tribes?.length) rows.push([intl.formatMessage(WORDS_LABELS.tribes), named(a.tribes, TRIBE_LABELS)]);
  if (a.height_cm != null) rows.push([intl.formatMessage(WORDS_LABELS.height_cm), formatHeight(a.height_cm, intl.locale)]);
  if (a.weight_kg != null) rows.push([intl.formatMessage(WORDS_LABELS.weight_kg), formatWeight(a.weight_kg, intl.locale)]);
  if (a.pronouns) rows.push([intl.formatMessage(WORDS_LABELS.pronouns), named([a.pronouns], PRONOUN_LABELS)]);
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
