import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { WordsProblemCode } from '../../shared/profile-words';
import { RIGHT_NOW } from './card-words';

/** Labels of the profile attribute fields, for the profile view and the profile editor. */
export const ATTRIBUTE_LABELS = defineMessages({
  gender: { id: 'profile.attr.gender', defaultMessage: 'Gender' },
  sexuality: { id: 'profile.attr.sexuality', defaultMessage: 'Sexuality' },
  relationship_status: { id: 'profile.attr.relationship', defaultMessage: 'Relationship' },
  hair_colour: { id: 'profile.attr.hair', defaultMessage: 'Hair colour' },
  eye_colour: { id: 'profile.attr.eyes', defaultMessage: 'Eye colour' },
  body_type: { id: 'profile.attr.body', defaultMessage: 'Body type' },
  tattoos: { id: 'profile.attr.tattoos', defaultMessage: 'Tattoos' },
  signup_reason: { id: 'profile.attr.reason', defaultMessage: 'Here for' },
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
  living_together: { id: 'profile.value.livingTogether', defaultMessage: 'Living with my partner' },
  married: { id: 'profile.value.married', defaultMessage: 'Married or partnered' },
  unmarried: { id: 'profile.value.unmarried', defaultMessage: 'In a relationship' },
  single: { id: 'profile.value.single', defaultMessage: 'Single' },
  widowed: { id: 'profile.value.widowed', defaultMessage: 'Widowed' },
  slim: { id: 'profile.value.slim', defaultMessage: 'Slim' },
  normal: { id: 'profile.value.normal', defaultMessage: 'Average' },
  fat: { id: 'profile.value.fat', defaultMessage: 'Chubby' },
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
  fun: { id: 'profile.value.fun', defaultMessage: 'Fun, no strings' },
  yes: { id: 'common.yes', defaultMessage: 'Yes' },
  no: { id: 'common.no', defaultMessage: 'No' },
});

/** Labels of the profile's own words (the editor's fields and the profile view's rows). */
export const WORDS_LABELS = defineMessages({
  looking_for: { id: 'profile.words.lookingFor', defaultMessage: 'Looking for' },
  position: { id: 'profile.words.position', defaultMessage: 'Position' },
  tribes: { id: 'profile.words.tribes', defaultMessage: 'Tribes' },
  height_cm: { id: 'profile.words.height', defaultMessage: 'Height' },
  weight_kg: { id: 'profile.words.weight', defaultMessage: 'Weight' },
  pronouns: { id: 'profile.words.pronouns', defaultMessage: 'Pronouns' },
});

export const LOOKING_FOR_LABELS: Record<string, MessageDescriptor> = {
  ...defineMessages({
    chat: { id: 'profile.lookingFor.chat', defaultMessage: 'Chat' },
    dates: { id: 'profile.lookingFor.dates', defaultMessage: 'Dates' },
    friends: { id: 'profile.lookingFor.friends', defaultMessage: 'Friends' },
    relationship: { id: 'profile.lookingFor.relationship', defaultMessage: 'A relationship' },
  }),
  // The card's mark too (card-words.ts, which every grid loads).
  right_now: RIGHT_NOW,
};

export const POSITION_LABELS: Record<string, MessageDescriptor> = defineMessages({
  top: { id: 'profile.position.top', defaultMessage: 'Top' },
  vers_top: { id: 'profile.position.versTop', defaultMessage: 'Versatile top' },
  versatile: { id: 'profile.position.versatile', defaultMessage: 'Versatile' },
  vers_bottom: { id: 'profile.position.versBottom', defaultMessage: 'Versatile bottom' },
  bottom: { id: 'profile.position.bottom', defaultMessage: 'Bottom' },
  side: { id: 'profile.position.side', defaultMessage: 'Side' },
});

export const TRIBE_LABELS: Record<string, MessageDescriptor> = defineMessages({
  bear: { id: 'profile.tribe.bear', defaultMessage: 'Bear' },
  clean_cut: { id: 'profile.tribe.cleanCut', defaultMessage: 'Clean-cut' },
  cub: { id: 'profile.tribe.cub', defaultMessage: 'Cub' },
  daddy: { id: 'profile.tribe.daddy', defaultMessage: 'Daddy' },
  discreet: { id: 'profile.tribe.discreet', defaultMessage: 'Discreet' },
  geek: { id: 'profile.tribe.geek', defaultMessage: 'Geek' },
  jock: { id: 'profile.tribe.jock', defaultMessage: 'Jock' },
  leather: { id: 'profile.tribe.leather', defaultMessage: 'Leather' },
  muscle: { id: 'profile.tribe.muscle', defaultMessage: 'Muscle' },
  otter: { id: 'profile.tribe.otter', defaultMessage: 'Otter' },
  rugged: { id: 'profile.tribe.rugged', defaultMessage: 'Rugged' },
  sober: { id: 'profile.tribe.sober', defaultMessage: 'Sober' },
  twink: { id: 'profile.tribe.twink', defaultMessage: 'Twink' },
  wolf: { id: 'profile.tribe.wolf', defaultMessage: 'Wolf' },
});

export const PRONOUN_LABELS: Record<string, MessageDescriptor> = defineMessages({
  he_him: { id: 'profile.pronouns.heHim', defaultMessage: 'he/him' },
  he_they: { id: 'profile.pronouns.heThey', defaultMessage: 'he/they' },
  they_them: { id: 'profile.pronouns.theyThem', defaultMessage: 'they/them' },
  any: { id: 'profile.pronouns.any', defaultMessage: 'Any pronouns' },
});

/** The messages of the rules the page's action checks (src/shared/profile-words.ts), beside their fields. */
export const WORDS_PROBLEMS: Record<WordsProblemCode, MessageDescriptor> = defineMessages({
  profile_tribes_too_many: { id: 'profile.words.tribesTooMany', defaultMessage: 'Choose at most {max} tribes.' },
  profile_height_range: { id: 'profile.words.heightRange', defaultMessage: 'Enter a height between {min} and {max} cm.' },
  profile_weight_range: { id: 'profile.words.weightRange', defaultMessage: 'Enter a weight between {min} and {max} kg.' },
});
