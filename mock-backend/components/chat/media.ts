import type { RequestHandler } from 'express';
import type { Db } from '../../lib/db';
import { CHAT_MEDIA_PREFIX, fullOf, viewerFinder, type MediaGuard } from '../media/index';
import { canSeePhoto } from './repository';

/**
 * The media route's check for photo messages: a signed chat path is served only to a logged-in member of the
 * conversation (the signature alone is not enough: a copied URL shows nothing to anyone else), and to nobody once
 * moderation removed the message. Other media pass. `siteAndSession` is the session component's middleware (the
 * app hands it in), which finds the viewer.
 */
export function chatMediaGuard(db: Db, siteAndSession: RequestHandler): MediaGuard {
  const viewerOf = viewerFinder(siteAndSession);
  return async (req, res, stored) => {
    if (!stored.startsWith(CHAT_MEDIA_PREFIX)) return 'public';
    const full = fullOf(stored);
    if (!full) return 'refused';
    const viewer = await viewerOf(req, res);
    if (!viewer) return 'refused';
    return (await canSeePhoto(db, viewer.userId, full)) ? 'private' : 'refused';
  };
}
