import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Labels of the profile attribute fields, for the profile view and the profile editor. */
export const ATTRIBUTE_LABELS = defineMessages({
  gender: { id: 'profile.attr.gender', defaultMessage: 'Gender' },
  sexuality: { id: 'profile.attr.sexuality', defaultMessage: 'Sexuality' },
  relationship_status: { id: 'profile.attr.relationship', defaultMessage: 'Relationship' },
  hair_colour: { id: 'profile.attr.hair', defaultMessage: 'Hair colour' },
  eye_colour: { id: 'profile.attr.eyes', defaultMessage: 'Eye colour' },
  body_type: { id: 'profile.attr.body', defaultMessage: 'Body type' },
  tattoos: { id: 'profile.attr.tattoos', defaultMessage: 'Tattoos' },
  signup_reason: { id: 'profile.attr.reason', defaultMessage: 'Looking for' },
});

/** Values of the attribute options, for the profile view and the profile editor. */
export const VALUE_LABELS: Record<string, MessageDescriptor> = defineMessages({
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
  relationship: { id: 'profile.value.relationship', defaultMessage: 'A relationship' },
  dating: { id: 'profile.value.dating', defaultMessage: 'Dates' },
  friendship: { id: 'profile.value.friendship', defaultMessage: 'Friendship' },
  chat: { id: 'profile.value.chat', defaultMessage: 'Chatting' },
  fun: { id: 'profile.value.fun', defaultMessage: 'Fun' },
  yes: { id: 'common.yes', defaultMessage: 'Yes' },
  no: { id: 'common.no', defaultMessage: 'No' },
});
