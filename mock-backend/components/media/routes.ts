import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { AppError } from '../../lib/errors';
import type { MediaStore } from '../../lib/media-store';
import type { MediaSigner } from '../photos/index';
import type { MediaGuard } from './types';

/**
 * Serves the media store (DATA_DIR/media or the bucket) under /media/s/<expiry>/<hmac>/<path> only: the signature
 * covers path and expiry, so a copied URL stops working after at most two hours, a blurred URL cannot be turned into
 * the sharp one, and no file is reachable by guessing its name. A wrong or expired signature answers 403
 * media_url_invalid. The guards, asked in turn, may refuse more (a removed photo or photo message; a photo message
 * to anyone but the two members of its conversation): a refusal answers 404 like a file that does not exist.
 *
 * The backend streams the object itself, from either store, and never redirects to the store: the signature, the
 * guard's session check and the cache headers stay this route's, the bucket needs no public address, and a copied
 * URL never outlives the rules above. Public photos may be cached for an hour (`public, max-age=3600`), photo
 * messages only by the member's browser (`private, max-age=3600`); both answer conditional requests with 304.
 * A store that is down answers 503 media_store_unavailable.
 */
export function mediaRoutes(media: MediaStore, getSigner: () => Promise<MediaSigner>, guards: readonly MediaGuard[] = []): Router {
  const router = Router();
  router.get('/media/*file', async (req, res) => {
    const raw = (req.params as { file?: string | string[] }).file;
    const parts = Array.isArray(raw) ? raw : [raw ?? ''];
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (parts[0] !== 's') throw new AppError(404, 'not_found');
    const stored = (await getSigner()).verify(parts.join('/'));
    if (!stored) throw new AppError(403, 'media_url_invalid');
    let access: 'public' | 'private' = 'public';
    for (const guard of guards) {
      const verdict = await guard(req, res, stored);
      if (verdict === 'refused') throw new AppError(404, 'not_found');
      if (verdict === 'private') access = 'private';
    }
    const object = await media.get(stored);
    if (!object) throw new AppError(404, 'not_found');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.setHeader('Cache-Control', `${access}, max-age=3600`);
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('ETag', object.etag);
    res.setHeader('Last-Modified', object.lastModified.toUTCString());
    if (req.fresh) {
      object.body.destroy();
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(object.size));
    if (req.method === 'HEAD') {
      object.body.destroy();
      res.end();
      return;
    }
    // A visitor who goes away ends the read from the store too.
    await pipeline(object.body, res).catch(() => res.destroy());
  });
  return router;
}
