import type { IntlShape } from 'react-intl';

/** An amount in minor units (cents) in its currency, through Intl (every currency we sell has two decimals). */
export function formatMoney(intl: IntlShape, minor: number, currency: string): string {
  return intl.formatNumber(minor / 100, { style: 'currency', currency });
}
