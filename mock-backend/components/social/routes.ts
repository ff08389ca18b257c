import { Router } from 'express';
import type { Schemas } from '../../lib/api-types';
import { getSite, requireViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import * as service from './service';

/** The use cases these routes answer with; the app hands them in (they live above the components). */
export interface SocialUseCases {
  /** auto-like.php: the profile that liked the member automatically, or null. */
  autoLike(db: Db, siteId: number, userId: number): Promise<Schemas['ProfileSummary'] | null>;
}

export function socialRoutes(deps: service.SocialDeps, useCases: SocialUseCases): Router {
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
    res.json({ profile: await useCases.autoLike(db, getSite(res).id, viewer.userId) });
  });

  return router;
}
