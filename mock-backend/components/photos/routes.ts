import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Db } from '../../lib/db';
import { getViewer, requireViewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as service from './service';

interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

export function photoRoutes(db: Db, mediaDir: string): Router {
  const router = Router();
  const uploadLimit = rateLimit({
    windowMs: 10 * 60_000,
    limit: 40,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `member:${getViewer(res)?.userId ?? 'visitor'}`,
    handler: (_req, _res, next, options) =>
      next(new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(Math.ceil(options.windowMs / 1000)) } })),
  });

  router.post('/photos.php', uploadLimit, async (req, res) => {
    const files = ((req as unknown as { files?: UploadedFile[] }).files ?? []).filter((f) => f.fieldname === 'photo');
    res.status(201).json(await service.upload(db, mediaDir, getViewer(res), files[0]?.buffer));
  });

  router.put('/photos.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.setMain(db, viewer, (req.body as { id: number }).id));
  });

  router.delete('/photos.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.remove(db, mediaDir, viewer, (req.body as { id: number }).id));
  });

  return router;
}
