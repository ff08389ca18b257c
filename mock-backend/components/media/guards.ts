import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import { getViewer, type Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { requireModerator } from '../moderation/index';
import { photoFileState } from '../photos/index';
import { CHAT_MEDIA_PREFIX } from './chat-photos';
import { VERIFICATION_MEDIA_PREFIX } from './types';
import type { MediaGuard } from './types';

function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const result: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    if (result instanceof Promise) result.catch(reject);
  });
}

/**
 * Finds the logged-in member behind a media request, for the guards that need him (the media route runs before the
 * API's middleware, and most media requests need no session). `siteAndSession` is the session component's
 * middleware, which the app hands in.
 */
export function viewerFinder(siteAndSession: RequestHandler): (req: Request, res: Response) => Promise<Viewer | null> {
  const steps = [cookieParser(), siteAndSession];
  return async (req, res) => {
    for (const step of steps) await run(step, req, res);
    return getViewer(res);
  };
}

/**
 * The media route's check for profile photos (every path outside chat/): a file is served while a photo row still
 * shows it. A photo a moderator removed or rejected, and one its member deleted, answers exactly like a file that
 * never existed, at every URL it ever had (full, thumb and blurred variant, also a URL signed before): 404, whatever
 * the reason. Only a moderator still sees a removed photo (in the case he judges, and to restore it on appeal), and
 * only his own browser keeps it. Photo messages are the chat component's guard's, verification selfies the
 * verification component's.
 */
export function profilePhotoGuard(db: Db, siteAndSession: RequestHandler): MediaGuard {
  const viewerOf = viewerFinder(siteAndSession);
  return async (req, res, stored) => {
    if (stored.startsWith(CHAT_MEDIA_PREFIX) || stored.startsWith(VERIFICATION_MEDIA_PREFIX)) return 'public';
    const state = await photoFileState(db, stored);
    if (state === 'shown') return 'public';
    if (state === 'unknown') return 'refused';
    const moderator = await requireModerator(db, await viewerOf(req, res)).then(
      () => true,
      () => false,
    );
    return moderator ? 'private' : 'refused';
  };
}
