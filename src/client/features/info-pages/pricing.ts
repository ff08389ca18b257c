import type { Settings } from '../../../shared/api/client';

export interface CountryPrice {
  country: string;
  currency: string;
  /** Minimum price of one message, in the currency's minor unit (cents). */
  messageCents: number;
  /** Price of one credit at that rate, in cents (may be fractional). */
  creditCents: number;
}

/**
 * Prices per country from the site settings: `minimum_message_costs` gives the least a message costs in each
 * country (cents and currency); with `message_credits` credits per message that is the price of one credit, and
 * photos and gifts cost their credits at the same rate. The visitor's country comes first, then by country code.
 */
export function pricesByCountry(
  settings: Pick<Settings, 'minimum_message_costs' | 'message_credits'>,
  visitorCountry: string | null,
): CountryPrice[] {
  const perMessage = Math.max(1, settings.message_credits);
  return Object.entries(settings.minimum_message_costs)
    .filter(([country, v]) => /^[A-Z]{2}$/.test(country) && Number.isFinite(v.costs) && v.costs >= 0 && /^[A-Z]{3}$/.test(v.currency))
    .map(([country, v]) => ({ country, currency: v.currency, messageCents: v.costs, creditCents: v.costs / perMessage }))
    .sort((a, b) => (a.country === visitorCountry ? -1 : b.country === visitorCountry ? 1 : a.country.localeCompare(b.country)));
}

/** An amount in cents as the currency's major unit (Intl formats the rest). */
export const centsToAmount = (cents: number) => cents / 100;
