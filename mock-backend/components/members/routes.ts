import { Router } from 'express';
import type { Db } from '../../lib/db';
import { getSite, getViewer } from '../../lib/context';
import { authenticationRequired } from '../../lib/errors';
import * as service from './service';

export function membersRoutes(db: Db): Router {
  const router = Router();

  router.get('/members.php', async (req, res) => {
    const site = getSite(res);
    const viewer = getViewer(res);
    if (!viewer && !site.logged_out_search) throw authenticationRequired();
    const q = req.query as { cursor?: string; limit?: number; country?: string };
    res.json(
      await service.listMembers(db, {
        siteId: site.id,
        viewerId: viewer?.userId ?? null,
        country: q.country,
        limit: Number(q.limit ?? 24),
        cursor: q.cursor,
      }),
    );
  });

  router.get('/profile.php', async (req, res) => {
    const viewer = getViewer(res);
    const id = Number((req.query as { id?: unknown }).id);
    res.json({ profile: await service.getProfile(db, { siteId: getSite(res).id, id, viewerId: viewer?.userId ?? null }) });
  });

  return router;
}
