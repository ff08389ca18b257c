import { describe, expect, it } from 'vitest';
import { pricesByCountry } from './pricing';

const settings = {
  message_credits: 10,
  minimum_message_costs: {
    NL: { costs: 99, currency: 'EUR' },
    GB: { costs: 89, currency: 'GBP' },
    US: { costs: 99, currency: 'USD' },
    XX1: { costs: 1, currency: 'EUR' },
    DE: { costs: 99, currency: 'euro' },
  },
};

describe('pricing per country', () => {
  it('When the visitor comes from GB, then GB is first, other valid countries follow by code, and a credit costs a tenth of a message', () => {
    const prices = pricesByCountry(settings, 'GB');
    expect(prices.map((p) => p.country)).toEqual(['GB', 'NL', 'US']);
    expect(prices[0]).toEqual({ country: 'GB', currency: 'GBP', messageCents: 89, creditCents: 8.9 });
  });
});
