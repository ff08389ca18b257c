import { getClient } from '../../lib/client';
import type { Db } from '../../lib/db';
import type { GeoIp } from '../../lib/geoip';
import { getSite } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import * as service from './service';

export type SiteDataOperations = 'getSettings' | 'getInterests' | 'getRegions' | 'getCompanyInfo' | 'geocode';

export function siteDataOperations(db: Db, geoip: GeoIp): Operations<SiteDataOperations> {
  return {
    getSettings: {
      handle: ({ res, query }) => {
        const client = getClient(res);
        return service.toSettings(getSite(res), {
          // The country a trusted edge determined (passed on by the BFF, lib/client.ts) wins over the lookup.
          geoipCountry: client.country ?? geoip.country(client.ip),
          selectedCountry: query.country ?? null,
        });
      },
    },
    getInterests: {
      handle: async ({ res }) => {
        res.set('Cache-Control', 'public, max-age=3600');
        return service.interests(db);
      },
    },
    getRegions: {
      handle: async ({ res, query }) => {
        res.set('Cache-Control', 'public, max-age=3600');
        return service.regions(db, getSite(res), query.country);
      },
    },
    getCompanyInfo: {
      handle: async ({ res }) => {
        res.set('Cache-Control', 'public, max-age=3600');
        return service.companyInfo(db, getSite(res));
      },
    },
    geocode: {
      handle: ({ res, query }) => {
        res.set('Cache-Control', 'private, max-age=3600');
        return service.geocode(query.lat, query.lon);
      },
    },
  };
}
