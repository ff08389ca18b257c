import { Router } from 'express';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { getSite, requireViewer } from '../../lib/context';
import { rateLimit } from '../../lib/rate-limit';
import type { Schemas } from '../../lib/api-types';
import * as preferences from './preferences';
import type { Notifier } from '../push/index';
import * as service from './service';
import * as swipes from './swipe';

export interface LikeRouteOptions {
  /** Likes and unlikes per member per 10 minutes (tests lower it). */
  likesPer10Minutes?: number;
  /** Push / notification e-mail trigger (components/push). */
  notifier?: Notifier;
  /** The event bus: a like or match reaches the other member's open pages at once. */
  bus?: Bus;
}

export function likesRoutes(db: Db, opts: LikeRouteOptions = {}): Router {
  const router = Router();
  // Liking is a message of interest: limited per member like other things a member can repeat at others.
  const likeLimit = rateLimit(db, { name: 'like', points: opts.likesPer10Minutes ?? 60, windowSeconds: 600, per: 'member' });
  // Passes are quick; likes in the game are capped per day anyway. This only stops a script.
  const swipeLimit = rateLimit(db, { name: 'swipe', points: 300, windowSeconds: 600, per: 'member' });

  router.post('/like.php', likeLimit, async (req, res) => {
    const viewer = requireViewer(res);
    res.json(
      await service.likeProfile(
        db,
        getSite(res).id,
        viewer.userId,
        (req.body as { profile_id: number }).profile_id,
        opts.notifier,
        opts.bus,
      ),
    );
  });

  router.delete('/like.php', likeLimit, async (req, res) => {
    const viewer = requireViewer(res);
    await service.unlikeProfile(db, viewer.userId, (req.body as { profile_id: number }).profile_id);
    res.json({ success: true });
  });

  router.get('/swipe-game.php', async (_req, res) => {
    const viewer = requireViewer(res);
    res.json(await swipes.getSwipeGame(db, getSite(res).id, viewer.userId));
  });

  router.post('/swipe.php', swipeLimit, async (req, res) => {
    const viewer = requireViewer(res);
    const body = req.body as { profile_id: number; like: boolean };
    res.json(await swipes.swipe(db, getSite(res).id, viewer.userId, body, new Date(), opts.bus));
    if (body.like) opts.notifier?.kick();
  });

  router.delete('/swipe.php', swipeLimit, async (_req, res) => {
    const viewer = requireViewer(res);
    res.json(await swipes.undoSwipe(db, getSite(res).id, viewer.userId));
  });

  router.get('/match-preferences.php', async (_req, res) => {
    res.json(await preferences.getPreferences(db, requireViewer(res).userId));
  });

  router.put('/match-preferences.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await preferences.savePreferences(db, viewer.userId, req.body as Schemas['MatchPreferencesUpdate']));
  });

  router.get('/match-finder.php', async (req, res) => {
    const viewer = requireViewer(res);
    const limit = Number(req.query.limit ?? 24);
    res.json(await service.findMatches(db, getSite(res).id, viewer.userId, limit));
  });

  return router;
}
