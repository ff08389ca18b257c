import { Router } from 'express';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { getViewer, requireViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

export function photoRoutes(db: Db, media: MediaStore): Router {
  const router = Router();
  const uploadLimit = rateLimit(db, { name: 'photo-upload', points: 40, windowSeconds: 600, per: 'member' });

  router.post('/photos.php', uploadLimit, async (req, res) => {
    const files = ((req as unknown as { files?: UploadedFile[] }).files ?? []).filter((f) => f.fieldname === 'photo');
    await respondIdempotently(db, req, res, 201, () => service.upload(db, media, getViewer(res), files[0]?.buffer));
  });

  router.put('/photos.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.setMain(db, viewer, (req.body as { id: number }).id));
  });

  router.delete('/photos.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.remove(db, media, viewer, (req.body as { id: number }).id));
  });

  return router;
}
