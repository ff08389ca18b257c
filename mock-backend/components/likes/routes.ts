import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { getSite, requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
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

export type LikeOperations =
  'likeProfile' | 'unlikeProfile' | 'getSwipeGame' | 'swipe' | 'undoSwipe' | 'getMatchPreferences' | 'saveMatchPreferences' | 'findMatches';

export function likesOperations(db: Db, opts: LikeRouteOptions = {}): Operations<LikeOperations> {
  // Liking is a message of interest: limited per member like other things a member can repeat at others.
  const likeLimit = rateLimit(db, { name: 'like', points: opts.likesPer10Minutes ?? 60, windowSeconds: 600, per: 'member' });
  // Passes are quick; likes in the game are capped per day anyway. This only stops a script.
  const swipeLimit = rateLimit(db, { name: 'swipe', points: 300, windowSeconds: 600, per: 'member' });

  return {
    likeProfile: {
      use: [likeLimit],
      handle: async ({ res, body }) =>
        service.likeProfile(db, getSite(res).id, requireViewer(res).userId, body.profile_id, opts.notifier, opts.bus),
    },
    unlikeProfile: {
      use: [likeLimit],
      handle: async ({ res, body }) => {
        await service.unlikeProfile(db, requireViewer(res).userId, body.profile_id);
        return { success: true };
      },
    },
    getSwipeGame: { handle: async ({ res }) => swipes.getSwipeGame(db, getSite(res).id, requireViewer(res).userId) },
    swipe: {
      use: [swipeLimit],
      handle: async ({ res, body }) => {
        const answer = await swipes.swipe(db, getSite(res).id, requireViewer(res).userId, body, new Date(), opts.bus);
        if (body.like) opts.notifier?.kick();
        return answer;
      },
    },
    undoSwipe: { use: [swipeLimit], handle: async ({ res }) => swipes.undoSwipe(db, getSite(res).id, requireViewer(res).userId) },
    getMatchPreferences: { handle: async ({ res }) => preferences.getPreferences(db, requireViewer(res).userId) },
    saveMatchPreferences: { handle: async ({ res, body }) => preferences.savePreferences(db, requireViewer(res).userId, body) },
    findMatches: {
      handle: async ({ res, query }) => service.findMatches(db, getSite(res).id, requireViewer(res).userId, query.limit ?? 24),
    },
  };
}
