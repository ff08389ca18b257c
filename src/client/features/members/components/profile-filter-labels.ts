import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { LookingFor, Position, Tribe } from '../api/list-members';

/*
 * The names of the search's values and the values themselves, for the filter sheet's toggles (profile-filter-fields.tsx).
 * Apart from the profile's names of the same values (lib/profile-messages.ts): these are the toggles' short names, other
 * texts in every language ("Vers top" against "Versatile top"), and they load with the sheet's chunk only.
 */

export const LOOKING_FOR_LABELS: Record<LookingFor, MessageDescriptor> = defineMessages({
  chat: { id: 'search.filter.lookingFor.chat', defaultMessage: 'Chat' },
  dates: { id: 'search.filter.lookingFor.dates', defaultMessage: 'Dates' },
  friends: { id: 'search.filter.lookingFor.friends', defaultMessage: 'Friends' },
  relationship: { id: 'search.filter.lookingFor.relationship', defaultMessage: 'Relationship' },
  right_now: { id: 'search.filter.lookingFor.rightNow', defaultMessage: 'Right now' },
});

export const POSITION_LABELS: Record<Position, MessageDescriptor> = defineMessages({
  top: { id: 'search.filter.position.top', defaultMessage: 'Top' },
  vers_top: { id: 'search.filter.position.versTop', defaultMessage: 'Vers top' },
  versatile: { id: 'search.filter.position.versatile', defaultMessage: 'Versatile' },
  vers_bottom: { id: 'search.filter.position.versBottom', defaultMessage: 'Vers bottom' },
  bottom: { id: 'search.filter.position.bottom', defaultMessage: 'Bottom' },
  side: { id: 'search.filter.position.side', defaultMessage: 'Side' },
});

export const TRIBE_LABELS: Record<Tribe, MessageDescriptor> = defineMessages({
  bear: { id: 'search.filter.tribe.bear', defaultMessage: 'Bear' },
  clean_cut: { id: 'search.filter.tribe.cleanCut', defaultMessage: 'Clean-cut' },
  cub: { id: 'search.filter.tribe.cub', defaultMessage: 'Cub' },
  daddy: { id: 'search.filter.tribe.daddy', defaultMessage: 'Daddy' },
  discreet: { id: 'search.filter.tribe.discreet', defaultMessage: 'Discreet' },
  geek: { id: 'search.filter.tribe.geek', defaultMessage: 'Geek' },
  jock: { id: 'search.filter.tribe.jock', defaultMessage: 'Jock' },
  leather: { id: 'search.filter.tribe.leather', defaultMessage: 'Leather' },
  muscle: { id: 'search.filter.tribe.muscle', defaultMessage: 'Muscle' },
  otter: { id: 'search.filter.tribe.otter', defaultMessage: 'Otter' },
  rugged: { id: 'search.filter.tribe.rugged', defaultMessage: 'Rugged' },
  sober: { id: 'search.filter.tribe.sober', defaultMessage: 'Sober' },
  twink: { id: 'search.filter.tribe.twink', defaultMessage: 'Twink' },
  wolf: { id: 'search.filter.tribe.wolf', defaultMessage: 'Wolf' },
});

/** The values, in the contract's order (the keys of their names). */
export const LOOKING_FOR = Object.keys(LOOKING_FOR_LABELS) as LookingFor[];
export const POSITIONS = Object.keys(POSITION_LABELS) as Position[];
export const TRIBES = Object.keys(TRIBE_LABELS) as Tribe[];
