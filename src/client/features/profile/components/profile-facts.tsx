import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { INTEREST_MESSAGES } from '../../../lib/interest-messages';
import type { ProfileDetail } from '../api/get-profile';

const labels = defineMessages({
  gender: { id: 'profile.attr.gender', defaultMessage: 'Gender' },
  sexuality: { id: 'profile.attr.sexuality', defaultMessage: 'Sexuality' },
  relationship_status: { id: 'profile.attr.relationship', defaultMessage: 'Relationship' },
  hair_colour: { id: 'profile.attr.hair', defaultMessage: 'Hair colour' },
  eye_colour: { id: 'profile.attr.eyes', defaultMessage: 'Eye colour' },
  body_type: { id: 'profile.attr.body', defaultMessage: 'Body type' },
  tattoos: { id: 'profile.attr.tattoos', defaultMessage: 'Tattoos' },
  signup_reason: { id: 'profile.attr.reason', defaultMessage: 'Looking for' },
});

const values: Record<string, MessageDescriptor> = defineMessages({
  male: { id: 'profile.value.male', defaultMessage: 'Man' },
  female: { id: 'profile.value.female', defaultMessage: 'Woman' },
  hetero: { id: 'profile.value.hetero', defaultMessage: 'Straight' },
  gay: { id: 'profile.value.gay', defaultMessage: 'Gay' },
  lesbian: { id: 'profile.value.lesbian', defaultMessage: 'Lesbian' },
  bi: { id: 'profile.value.bi', defaultMessage: 'Bisexual' },
  divorced: { id: 'profile.value.divorced', defaultMessage: 'Divorced' },
  living_together: { id: 'profile.value.livingTogether', defaultMessage: 'Living together' },
  married: { id: 'profile.value.married', defaultMessage: 'Married' },
  unmarried: { id: 'profile.value.unmarried', defaultMessage: 'Unmarried' },
  single: { id: 'profile.value.single', defaultMessage: 'Single' },
  widowed: { id: 'profile.value.widowed', defaultMessage: 'Widowed' },
  slim: { id: 'profile.value.slim', defaultMessage: 'Slim' },
  normal: { id: 'profile.value.normal', defaultMessage: 'Average' },
  fat: { id: 'profile.value.fat', defaultMessage: 'A few extra pounds' },
  black: { id: 'profile.value.black', defaultMessage: 'Black' },
  brown: { id: 'profile.value.brown', defaultMessage: 'Brown' },
  blond: { id: 'profile.value.blond', defaultMessage: 'Blond' },
  red: { id: 'profile.value.red', defaultMessage: 'Red' },
  grey: { id: 'profile.value.grey', defaultMessage: 'Grey' },
  bald: { id: 'profile.value.bald', defaultMessage: 'Bald' },
  blue: { id: 'profile.value.blue', defaultMessage: 'Blue' },
  green: { id: 'profile.value.green', defaultMessage: 'Green' },
  hazel: { id: 'profile.value.hazel', defaultMessage: 'Hazel' },
  yes: { id: 'common.yes', defaultMessage: 'Yes' },
  no: { id: 'common.no', defaultMessage: 'No' },
});

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
