import { Router } from 'express';
import type { Db } from '../../lib/db';
import { getSite, requireViewer } from '../../lib/context';
import * as service from './service';

export function creditsRoutes(db: Db): Router {
  const router = Router();

  router.get('/discountcode.php', async (req, res) => {
    const viewer = requireViewer(res);
    const q = req.query as { welcome?: string; code?: string };
    res.json(await service.getDiscountCode(db, { siteId: getSite(res).id, userId: viewer.userId, welcome: q.welcome, code: q.code }));
  });

  return router;
}
