import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { AppError } from '../../lib/errors';
import type { MediaSigner } from '../photos/signing';

/**
 * A further check of a correctly signed path: `public` (anyone with the URL), `private` (this visitor only, not
 * cached by shared caches) or `refused` (answered 404, so nobody learns the file exists).
 */
export type MediaGuard = (req: Request, res: Response, stored: string) => Promise<'public' | 'private' | 'refused'>;

/**
 * Serves DATA_DIR/media under /media/s/<expiry>/<hmac>/<path> only: the signature covers path and expiry, so a
 * copied URL stops working after at most two hours, a blurred URL cannot be turned into the sharp one, and no file
 * is reachable by guessing its name. A wrong or expired signature answers 403 media_url_invalid. The guard may
 * refuse more (photo messages: only the two members of the conversation).
 */
export function mediaRoutes(mediaDir: string, getSigner: () => Promise<MediaSigner>, guard?: MediaGuard): Router {
  const root = path.resolve(mediaDir);
  const router = Router();
  router.get('/media/*file', async (req, res, next) => {
    const raw = (req.params as { file?: string | string[] }).file;
    const parts = Array.isArray(raw) ? raw : [raw ?? ''];
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (parts[0] !== 's') throw new AppError(404, 'not_found');
    const stored = (await getSigner()).verify(parts.join('/'));
    if (!stored) throw new AppError(403, 'media_url_invalid');
    const access = guard ? await guard(req, res, stored) : 'public';
    if (access === 'refused') throw new AppError(404, 'not_found');
    const file = path.resolve(root, ...stored.split('/'));
    if (!file.startsWith(root + path.sep)) throw new AppError(404, 'not_found');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    const headers: Record<string, string> = { 'Content-Type': 'image/jpeg' };
    if (access === 'private') headers['Cache-Control'] = 'private, max-age=3600';
    res.sendFile(file, { dotfiles: 'deny', maxAge: '1h', cacheControl: access === 'public', headers }, (err) => {
      if (err) next(new AppError(404, 'not_found'));
    });
  });
  return router;
}
