import type { RequestHandler } from 'express';
import { getSite } from '../../lib/context';
import type { Db } from '../../lib/db';
import { viewerFinder, type MediaGuard } from '../media/index';
import { requireModerator } from '../moderation/index';
import { photoFileAccess } from '../photos/index';
import { mayViewAlbum } from './service';

/**
 * The media route's check for photos of a private album: a file that only private photos show is served to its owner,
 * to the members he shares the album with and may see, and to moderators (who judge private photos like the others),
 * and only their own browser keeps it; anyone else gets 404, as for a file that does not exist. Asked at every request,
 * so an unshare, a block or a suspension ends a URL at once. Every other file is the other guards' business.
 */
export function albumMediaGuard(db: Db, siteAndSession: RequestHandler): MediaGuard {
  const viewerOf = viewerFinder(siteAndSession);
  return async (req, res, stored) => {
    const { privateOf } = await photoFileAccess(db, stored);
    if (privateOf === null) return 'public';
    const viewer = await viewerOf(req, res);
    if (!viewer) return 'refused';
    if (await mayViewAlbum(db, { siteId: getSite(res).id, userId: viewer.userId }, privateOf)) return 'private';
    return requireModerator(db, viewer).then(
      () => 'private' as const,
      () => 'refused' as const,
    );
  };
}
