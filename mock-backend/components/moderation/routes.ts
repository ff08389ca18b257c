import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { getSite, getViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import * as roles from './roles';
import * as service from './service';

export type ModerationOperations = 'listPendingPhotos' | 'decidePhoto' | 'listModerators' | 'setModeratorRole';

export function moderationOperations(db: Db, media: MediaStore, bus?: Bus): Operations<ModerationOperations> {
  const decisionLimit = rateLimit(db, { name: 'moderation', points: 120, windowSeconds: 60, per: 'member' });
  // The team: admins only. Changing a role is limited like a decision (the admin's own count).
  const roleLimit = rateLimit(db, { name: 'moderator-roles', points: 30, windowSeconds: 60, per: 'member' });

  return {
    listPendingPhotos: {
      handle: async ({ res, query }) =>
        service.listQueue(db, getViewer(res), getSite(res).id, {
          after: query.after ?? null,
          limit: query.limit ?? service.QUEUE_PAGE_SIZE,
        }),
    },

    decidePhoto: {
      use: [decisionLimit],
      handle: async ({ req, res, body }) => {
        const viewer = getViewer(res);
        const { ownerId } = await service.decide(db, media, viewer, getSite(res).id, body.photo, body.decision, bus);
        req.log.info({ moderator: viewer?.userId, photo: body.photo, owner: ownerId, decision: body.decision }, 'photo moderated');
        return { success: true };
      },
    },

    listModerators: { handle: async ({ res }) => roles.listModerators(db, getViewer(res), getSite(res).id) },

    setModeratorRole: {
      use: [roleLimit],
      handle: async ({ req, res, body }) => {
        const viewer = getViewer(res);
        const result = await roles.setModeratorRole(db, viewer, getSite(res).id, body);
        // Ids only: the address an admin typed is never logged.
        if (result.changed) req.log.info({ admin: viewer?.userId, member: result.member.id, role: result.role }, 'moderator role changed');
        return result;
      },
    },
  };
}
