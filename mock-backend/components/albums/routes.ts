import type { Db } from '../../lib/db';
import { getSite, requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import type { Response } from 'express';
import * as service from './service';

export type AlbumOperations = 'shareAlbum' | 'unshareAlbum' | 'getAlbum' | 'listAlbumShares';

const asker = (res: Response): service.Asker => ({ siteId: getSite(res).id, userId: requireViewer(res).userId });

export function albumOperations(db: Db): Operations<AlbumOperations> {
  // Sharing is cheap to repeat: 30 shares per member per 10 minutes keeps it from being a way to reach many members.
  const shareLimit = rateLimit(db, { name: 'album-share', points: 30, windowSeconds: 600, per: 'member' });
  return {
    shareAlbum: { use: [shareLimit], handle: async ({ res, body }) => service.share(db, asker(res), body.id) },
    unshareAlbum: { handle: async ({ res, query }) => service.unshare(db, asker(res), query.id) },
    getAlbum: { handle: async ({ res, query }) => service.album(db, asker(res), query.id) },
    listAlbumShares: { handle: async ({ res }) => service.shares(db, asker(res)) },
  };
}
