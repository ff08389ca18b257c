import { Router } from 'express';
import { getSite, requireViewer } from '../../lib/context';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export function privacyRoutes(deps: service.BlockDeps): Router {
  const { db } = deps;
  const router = Router();

  router.post('/block.php', async (req, res) => {
    const viewer = requireViewer(res);
    await service.block(deps, getSite(res).id, viewer.userId, (req.body as { id: number }).id);
    res.json({ success: true });
  });

  router.delete('/block.php', async (req, res) => {
    const viewer = requireViewer(res);
    await service.unblock(db, viewer.userId, (req.body as { id: number }).id);
    res.json({ success: true });
  });

  router.get('/blocks.php', async (_req, res) => {
    res.json(await service.listBlocks(db, requireViewer(res).userId));
  });

  router.put('/invisible.php', async (req, res) => {
    res.json(await service.setInvisible(db, requireViewer(res).userId, (req.body as { invisible: boolean }).invisible));
  });

  // Moving one's own position is the tool of trilateration: it is rate limited besides being snapped.
  const locationLimit = rateLimit(db, { name: 'location', points: 30, windowSeconds: 3600, per: 'member' });

  router.put('/location.php', locationLimit, async (req, res) => {
    const body = req.body as { lat: number; lon: number };
    await service.saveLocation(db, requireViewer(res).userId, body.lat, body.lon);
    res.json({ success: true });
  });

  router.delete('/location.php', async (_req, res) => {
    await service.forgetLocation(db, requireViewer(res).userId);
    res.json({ success: true });
  });

  return router;
}
