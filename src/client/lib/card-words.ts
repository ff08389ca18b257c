import { defineMessages, type MessageDescriptor } from 'react-intl';

/*
 * What a member card says of the member in his own words, in brief: "Right now", "Vers · 180 cm". A module of its own,
 * apart from the profile's labels (profile-messages.ts), because every grid of cards loads it: the landing page's
 * preview strip among them.
 */

/** "Right now": he is looking for a meeting today (the card's mark, the profile's value and the quick filter's name). */
export const RIGHT_NOW = defineMessages({ label: { id: 'profile.lookingFor.rightNow', defaultMessage: 'Right now' } }).label;

/** The card's short position ("Vers"): a 320 px card has room for a word. */
export const POSITION_BRIEF: Record<string, MessageDescriptor> = defineMessages({
  top: { id: 'profile.positionBrief.top', defaultMessage: 'Top' },
  vers_top: { id: 'profile.positionBrief.versTop', defaultMessage: 'Vers top' },
  versatile: { id: 'profile.positionBrief.versatile', defaultMessage: 'Vers' },
  vers_bottom: { id: 'profile.positionBrief.versBottom', defaultMessage: 'Vers btm' },
  bottom: { id: 'profile.positionBrief.bottom', defaultMessage: 'Bottom' },
  side: { id: 'profile.positionBrief.side', defaultMessage: 'Side' },
});

/** The card's brief height: "180 cm" in every language (short enough for a 320 px card). */
export const formatHeightBrief = (cm: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'centimeter', maximumFractionDigits: 0 }).format(cm);
