import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import { getViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { CHAT_MEDIA_PREFIX, fullOf, type MediaGuard } from '../media/index';
import { canSeePhoto } from './repository';

function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const result: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    if (result instanceof Promise) result.catch(reject);
  });
}

/**
 * The media route's check for photo messages: a signed chat path is served only to a logged-in member of the
 * conversation (the signature alone is not enough: a copied URL shows nothing to anyone else). Other media pass.
 * `siteAndSession` is the session component's middleware (the app hands it in), which finds the viewer.
 */
export function chatMediaGuard(db: Db, siteAndSession: RequestHandler): MediaGuard {
  const steps = [cookieParser(), siteAndSession];
  return async (req, res, stored) => {
    if (!stored.startsWith(CHAT_MEDIA_PREFIX)) return 'public';
    const full = fullOf(stored);
    if (!full) return 'refused';
    for (const step of steps) await run(step, req, res);
    const viewer = getViewer(res);
    if (!viewer) return 'refused';
    return (await canSeePhoto(db, viewer.userId, full)) ? 'private' : 'refused';
  };
}
