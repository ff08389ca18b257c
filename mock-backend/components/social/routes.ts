import type { Schemas } from '../../lib/api-types';
import { getSite, requireViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import type { Operations } from '../../lib/operations';
import * as service from './service';

/** The use cases these operations answer with; the app hands them in (they live above the components). */
export interface SocialUseCases {
  /** auto-like.php: the profile that liked the member automatically, or null. */
  autoLike(db: Db, siteId: number, userId: number): Promise<Schemas['ProfileSummary'] | null>;
}

export type SocialOperations = 'listChats' | 'deleteChat' | 'listLikes' | 'autoLike';

export function socialOperations(deps: service.SocialDeps, useCases: SocialUseCases): Operations<SocialOperations> {
  const { db } = deps;
  return {
    listChats: { handle: async ({ res }) => service.listChats(db, requireViewer(res).userId) },
    deleteChat: {
      handle: async ({ res, body }) => {
        await service.deleteChat(deps, requireViewer(res).userId, body.conversation);
        return { success: true };
      },
    },
    listLikes: { handle: async ({ res }) => service.listLikes(db, requireViewer(res).userId) },
    autoLike: {
      handle: async ({ res }) => {
        const viewer = requireViewer(res);
        return { profile: await useCases.autoLike(db, getSite(res).id, viewer.userId) };
      },
    },
  };
}
