import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { getViewer, requireViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export type PhotoOperations = 'uploadPhoto' | 'setMainPhoto' | 'deletePhoto' | 'setPhotoPrivate';

export function photoOperations(db: Db, media: MediaStore): Operations<PhotoOperations> {
  const uploadLimit = rateLimit(db, { name: 'photo-upload', points: 40, windowSeconds: 600, per: 'member' });

  return {
    uploadPhoto: {
      use: [uploadLimit],
      handle: async ({ req, res, files }): Promise<Answered> => {
        const photos = files.filter((f) => f.fieldname === 'photo');
        await respondIdempotently(db, req, res, 201, () => service.upload(db, media, getViewer(res), photos[0]?.buffer));
        return ANSWERED;
      },
    },
    setMainPhoto: { handle: async ({ res, body }) => service.setMain(db, requireViewer(res), body.id) },
    deletePhoto: { handle: async ({ res, body }) => service.remove(db, media, requireViewer(res), body.id) },
    setPhotoPrivate: { handle: async ({ res, body }) => service.setPrivate(db, requireViewer(res), body.id, body.private) },
  };
}
