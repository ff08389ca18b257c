import { getSite, requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export type PrivacyOperations = 'blockMember' | 'unblockMember' | 'listBlocks' | 'setInvisible' | 'saveLocation' | 'forgetLocation';

export function privacyOperations(deps: service.BlockDeps): Operations<PrivacyOperations> {
  const { db } = deps;
  // Moving one's own position is the tool of trilateration: it is rate limited besides being snapped.
  const locationLimit = rateLimit(db, { name: 'location', points: 30, windowSeconds: 3600, per: 'member' });

  return {
    blockMember: {
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        await service.block(deps, getSite(res).id, viewer.userId, body.id);
        return { success: true };
      },
    },
    unblockMember: {
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        await service.unblock(db, viewer.userId, body.id);
        return { success: true };
      },
    },
    listBlocks: { handle: async ({ res }) => service.listBlocks(db, requireViewer(res).userId) },
    setInvisible: { handle: async ({ res, body }) => service.setInvisible(db, requireViewer(res).userId, body.invisible) },
    saveLocation: {
      use: [locationLimit],
      handle: async ({ res, body }) => {
        await service.saveLocation(db, requireViewer(res).userId, body.lat, body.lon);
        return { success: true };
      },
    },
    forgetLocation: {
      handle: async ({ res }) => {
        await service.forgetLocation(db, requireViewer(res).userId);
        return { success: true };
      },
    },
  };
}
