import path from 'node:path';
import { Router } from 'express';
import { AppError } from '../../lib/errors';

/** Serves DATA_DIR/media under /media/* without ever leaving that folder. */
export function mediaRoutes(mediaDir: string): Router {
  const root = path.resolve(mediaDir);
  const router = Router();
  router.get('/media/*file', (req, res, next) => {
    const raw = (req.params as { file?: string | string[] }).file;
    const parts = Array.isArray(raw) ? raw : [raw ?? ''];
    if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0') || p.includes('/') || p.includes('\\'))) {
      throw new AppError(404, 'not_found');
    }
    const file = path.resolve(root, ...parts);
    if (!file.startsWith(root + path.sep)) throw new AppError(404, 'not_found');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.sendFile(file, { dotfiles: 'deny', maxAge: '7d', immutable: false }, (err) => {
      if (err) next(new AppError(404, 'not_found'));
    });
  });
  return router;
}
