import { createRequire } from 'node:module';
import { open, type CountryResponse } from 'maxmind';

/**
 * Country of an IP address from an offline MaxMind-format database (.mmdb), read in memory, no network.
 * The default is the CC0 "geo-whois-asn-country" database packaged on npm; operators point `GEOIP_DB` at a
 * maintained file (DB-IP Lite Country, MaxMind GeoLite2-Country) for production accuracy. Both record layouts
 * are understood: `{ country_code }` and GeoLite2's `{ country: { iso_code } }`.
 */
export interface GeoIp {
  country(ip: string | undefined): string | null;
}

/** GeoLite2 / DB-IP records carry `country.iso_code`; ip-location-db records carry `country_code`. */
type CountryRecord = CountryResponse & { country_code?: string };

const DEFAULT_GEOIP_DB = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** A lookup that knows nothing (tests that do not need GeoIP, or a site without a database). */
export const NO_GEOIP: GeoIp = { country: () => null };

export async function openGeoIp(file: string = DEFAULT_GEOIP_DB): Promise<GeoIp> {
  const reader = await open<CountryResponse>(file, { watchForUpdates: false });
  return {
    country(ip) {
      if (!ip) return null;
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      try {
        const record = reader.get(address) as CountryRecord | null;
        const code = record?.country_code ?? record?.country?.iso_code;
        return code && /^[A-Z]{2}$/i.test(code) ? code.toUpperCase() : null;
      } catch {
        return null; // not an IP address
      }
    },
  };
}
