import { describe, expect, it } from 'vitest';
import { openGeoIp } from './geoip';

describe('GeoIP', () => {
  it('When public addresses are looked up in the packaged database, then their countries come back', async () => {
    const geoip = await openGeoIp();
    expect(geoip.country('145.220.1.1')).toBe('NL');
    expect(geoip.country('::ffff:81.2.69.142')).toBe('GB');
    expect(geoip.country('8.8.8.8')).toBe('US');
  });

  it('When the address is private, missing or not an address, then the country is unknown', async () => {
    const geoip = await openGeoIp();
    expect(geoip.country('127.0.0.1')).toBeNull();
    expect(geoip.country('10.1.2.3')).toBeNull();
    expect(geoip.country(undefined)).toBeNull();
    expect(geoip.country('not-an-ip')).toBeNull();
  });
});
