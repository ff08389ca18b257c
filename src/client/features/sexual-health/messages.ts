import { defineMessages } from 'react-intl';
import type { SexualHealth } from './api/sexual-health';

type HivStatus = NonNullable<SexualHealth['hiv_status']>;

export const HIV_STATUS_MESSAGES = defineMessages({
  negative: { id: 'sexualHealth.hiv.negative', defaultMessage: 'HIV negative' },
  positive: { id: 'sexualHealth.hiv.positive', defaultMessage: 'HIV positive' },
  positive_undetectable: { id: 'sexualHealth.hiv.positive_undetectable', defaultMessage: 'HIV positive, undetectable (U=U)' },
  unknown: { id: 'sexualHealth.hiv.unknown', defaultMessage: 'Does not know his status' },
}) satisfies Record<HivStatus, unknown>;

export const VISIBILITY_MESSAGES = defineMessages({
  nobody: { id: 'sexualHealth.visibility.nobody', defaultMessage: 'Only me' },
  matches: { id: 'sexualHealth.visibility.matches', defaultMessage: 'My matches (we liked each other)' },
  everyone: { id: 'sexualHealth.visibility.everyone', defaultMessage: 'Every logged-in member who opens my profile' },
}) satisfies Record<SexualHealth['visibility'], unknown>;

export const REMINDER_MESSAGES = defineMessages({
  off: { id: 'sexualHealth.reminder.off', defaultMessage: 'No reminder' },
  '3_months': { id: 'sexualHealth.reminder.3_months', defaultMessage: 'Every 3 months' },
  '6_months': { id: 'sexualHealth.reminder.6_months', defaultMessage: 'Every 6 months' },
  '12_months': { id: 'sexualHealth.reminder.12_months', defaultMessage: 'Every 12 months' },
}) satisfies Record<SexualHealth['reminder'], unknown>;

export const CHANNEL_MESSAGES = defineMessages({
  mail: { id: 'sexualHealth.channel.mail', defaultMessage: 'By e-mail' },
  push: { id: 'sexualHealth.channel.push', defaultMessage: 'As a push notification (by e-mail when no device of yours takes it)' },
}) satisfies Record<SexualHealth['reminder_channel'], unknown>;

/** A date-only value (YYYY-MM-DD) as a Date at noon UTC, formatted with `timeZone: 'UTC'` so no zone shifts its day. */
export const dateOnly = (value: string): Date => new Date(`${value}T12:00:00.000Z`);
