import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Db } from '../../lib/db';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as service from './service';

export function privacyRoutes(db: Db): Router {
  const router = Router();

  router.post('/block.php', async (req, res) => {
    const viewer = requireViewer(res);
    await service.block(db, getSite(res).id, viewer.userId, (req.body as { id: number }).id);
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
  const locationLimit = rateLimit({
    windowMs: 60 * 60_000,
    limit: 30,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `member:${getViewer(res)?.userId ?? 'visitor'}`,
    handler: (_req, _res, next, options) =>
      next(new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(Math.ceil(options.windowMs / 1000)) } })),
  });

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
