import { Router } from 'express';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { getSite, getViewer } from '../../lib/context';
import { rateLimit } from '../../lib/rate-limit';
import * as roles from './roles';
import * as service from './service';

export function moderationRoutes(db: Db, media: MediaStore, bus?: Bus): Router {
  const router = Router();
  const decisionLimit = rateLimit(db, { name: 'moderation', points: 120, windowSeconds: 60, per: 'member' });

  router.get('/moderation.php', async (req, res) => {
    const after = req.query.after === undefined ? null : Number(req.query.after);
    const limit = req.query.limit === undefined ? service.QUEUE_PAGE_SIZE : Number(req.query.limit);
    res.json(await service.listQueue(db, getViewer(res), getSite(res).id, { after, limit }));
  });

  router.put('/moderation.php', decisionLimit, async (req, res) => {
    const body = req.body as { photo: number; decision: service.Decision };
    const viewer = getViewer(res);
    const { ownerId } = await service.decide(db, media, viewer, getSite(res).id, body.photo, body.decision, bus);
    req.log.info({ moderator: viewer?.userId, photo: body.photo, owner: ownerId, decision: body.decision }, 'photo moderated');
    res.json({ success: true });
  });

  // The team: admins only. Changing a role is limited like a decision (the admin's own count).
  const roleLimit = rateLimit(db, { name: 'moderator-roles', points: 30, windowSeconds: 60, per: 'member' });

  router.get('/moderators.php', async (_req, res) => {
    res.json(await roles.listModerators(db, getViewer(res), getSite(res).id));
  });

  router.put('/moderators.php', roleLimit, async (req, res) => {
    const viewer = getViewer(res);
    const body = req.body as roles.ModeratorRoleRequest;
    const result = await roles.setModeratorRole(db, viewer, getSite(res).id, body);
    // Ids only: the address an admin typed is never logged.
    if (result.changed) req.log.info({ admin: viewer?.userId, member: result.member.id, role: result.role }, 'moderator role changed');
    res.json(result);
  });

  return router;
}
