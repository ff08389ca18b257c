import { describe, expect, it } from 'vitest';
import { signupCountry } from './signup-country';

const site = { countries: ['NL', 'BE', 'DE'], geoip_country: null, geoip_selected_country: null };

describe('the country the signup preselects', () => {
  it('When the site derived an offered country from his address, then that one is preselected and said to come from there', () => {
    expect(signupCountry({ ...site, geoip_country: 'BE' })).toEqual({ preselected: 'BE', derived: true });
  });

  it('When he chose a country in the footer, then his choice comes first and is not said to come from his address', () => {
    expect(signupCountry({ ...site, geoip_country: 'BE', geoip_selected_country: 'de' })).toEqual({ preselected: 'DE', derived: false });
  });

  it('When the site does not offer his country (or knows none), then its first country is preselected; with no countries, nothing is asked', () => {
    expect(signupCountry({ ...site, geoip_country: 'US' })).toEqual({ preselected: 'NL', derived: false });
    expect(signupCountry(site)).toEqual({ preselected: 'NL', derived: false });
    expect(signupCountry({ ...site, countries: [] })).toBeNull();
  });
});
