import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * Labels of the distance bands of a profile, by key. A module of their own: member cards (the landing
 * page's preview too) need these six, not the interest and attribute labels of interest-messages.ts.
 */
export const DISTANCE_MESSAGES: Record<string, MessageDescriptor> = defineMessages({
  lt5: { id: 'distance.lt5', defaultMessage: '< 5 km' },
  '5to10': { id: 'distance.5to10', defaultMessage: '5–10 km' },
  '10to25': { id: 'distance.10to25', defaultMessage: '10–25 km' },
  '25to50': { id: 'distance.25to50', defaultMessage: '25–50 km' },
  '50to100': { id: 'distance.50to100', defaultMessage: '50–100 km' },
  gt100: { id: 'distance.gt100', defaultMessage: '> 100 km' },
});
