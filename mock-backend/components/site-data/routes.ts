import { Router } from 'express';
import { getClient } from '../../lib/client';
import type { Db } from '../../lib/db';
import type { GeoIp } from '../../lib/geoip';
import { getSite } from '../../lib/context';
import * as service from './service';

export function siteDataRoutes(db: Db, geoip: GeoIp): Router {
  const router = Router();

  router.get('/settings.php', (req, res) => {
    const country = (req.query as { country?: unknown }).country;
    const client = getClient(res);
    res.json(
      service.toSettings(getSite(res), {
        // The country a trusted edge determined (passed on by the BFF, lib/client.ts) wins over the lookup.
        geoipCountry: client.country ?? geoip.country(client.ip),
        selectedCountry: typeof country === 'string' ? country : null,
      }),
    );
  });

  router.get('/interests.php', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(await service.interests(db));
  });

  router.get('/regions.php', async (req, res) => {
    const country = (req.query as { country?: string }).country;
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(await service.regions(db, getSite(res), country));
  });

  router.get('/companyinfo.php', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(await service.companyInfo(db, getSite(res)));
  });

  router.get('/geocode.php', (req, res) => {
    const q = req.query as { lat?: unknown; lon?: unknown };
    res.set('Cache-Control', 'private, max-age=3600');
    res.json(service.geocode(Number(q.lat), Number(q.lon)));
  });

  return router;
}
