import { Router } from 'express';
import { getSite, requireViewer } from '../../lib/context';
import { autoLike } from '../../use-cases/auto-like';
import * as service from './service';

export function socialRoutes(deps: service.SocialDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/chats.php', async (_req, res) => {
    res.json(await service.listChats(db, requireViewer(res).userId));
  });

  router.delete('/chat.php', async (req, res) => {
    const viewer = requireViewer(res);
    await service.deleteChat(deps, viewer.userId, (req.body as { conversation: number }).conversation);
    res.json({ success: true });
  });

  router.get('/likes.php', async (_req, res) => {
    res.json(await service.listLikes(db, requireViewer(res).userId));
  });

  router.get('/auto-like.php', async (_req, res) => {
    const viewer = requireViewer(res);
    res.json({ profile: await autoLike(db, getSite(res).id, viewer.userId) });
  });

  return router;
}
