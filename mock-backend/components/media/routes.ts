import path from 'node:path';
import { Router } from 'express';
import { AppError } from '../../lib/errors';
import type { MediaSigner } from '../photos/signing';

/**
 * Serves DATA_DIR/media under /media/s/<expiry>/<hmac>/<path> only: the signature covers path and expiry, so a
 * copied URL stops working after at most two hours, a blurred URL cannot be turned into the sharp one, and no file
 * is reachable by guessing its name. A wrong or expired signature answers 403 media_url_invalid.
 */
export function mediaRoutes(mediaDir: string, getSigner: () => Promise<MediaSigner>): Router {
  const root = path.resolve(mediaDir);
  const router = Router();
  router.get('/media/*file', async (req, res, next) => {
    const raw = (req.params as { file?: string | string[] }).file;
    const parts = Array.isArray(raw) ? raw : [raw ?? ''];
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (parts[0] !== 's') throw new AppError(404, 'not_found');
    const stored = (await getSigner()).verify(parts.join('/'));
    if (!stored) throw new AppError(403, 'media_url_invalid');
    const file = path.resolve(root, ...stored.split('/'));
    if (!file.startsWith(root + path.sep)) throw new AppError(404, 'not_found');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.sendFile(file, { dotfiles: 'deny', maxAge: '1h', headers: { 'Content-Type': 'image/jpeg' } }, (err) => {
      if (err) next(new AppError(404, 'not_found'));
    });
  });
  return router;
}
