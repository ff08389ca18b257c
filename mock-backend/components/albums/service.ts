import { ALBUM_SHARE_LIMIT } from '../../../src/shared/constants';
import type { Schemas } from '../../lib/api-types';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { toImage } from '../members/index';
import * as repo from './repository';

type PrivateAlbum = Schemas['PrivateAlbum'];
type AlbumShare = Schemas['AlbumShare'];

/** Who asks: the logged-in member on his site. */
export interface Asker {
  siteId: number;
  userId: number;
}

/**
 * Shares the asker's private album with member `id` (also when he has no private photo yet: the album fills later).
 * The other member must be one he may see; at most ALBUM_SHARE_LIMIT at a time, counted under the owner's row lock.
 */
export async function share(db: Db, asker: Asker, id: number): Promise<{ shared: boolean }> {
  if (id === asker.userId) throw new AppError(422, 'album_share_self');
  if (!(await repo.memberVisibleTo(db, asker.siteId, asker.userId, id))) throw notFound();
  await db.transaction(async (tx) => {
    await repo.lockOwner(tx, asker.userId);
    if (await repo.shareExists(tx, asker.userId, id)) return;
    if ((await repo.countShares(tx, asker.userId)) >= ALBUM_SHARE_LIMIT) {
      throw new AppError(422, 'album_share_limit', { params: { limit: ALBUM_SHARE_LIMIT } });
    }
    await repo.insertShare(tx, asker.userId, id);
  });
  return { shared: true };
}

/** Takes the album back; nothing to check about the other member (also a blocked or deleted one). */
export async function unshare(db: Db, asker: Asker, id: number): Promise<{ shared: boolean }> {
  await repo.deleteShare(db, asker.userId, id);
  return { shared: false };
}

/**
 * The album of member `ownerId` for the asker: 404 when the asker may not see him at all (as his profile is), 403
 * album_not_shared when he may see him but the album is not shared with him. The owner gets his own.
 */
export async function album(db: Db, asker: Asker, ownerId: number): Promise<PrivateAlbum> {
  if (ownerId !== asker.userId) {
    if (!(await repo.memberVisibleTo(db, asker.siteId, asker.userId, ownerId))) throw notFound();
    if (!(await repo.shareExists(db, ownerId, asker.userId))) throw new AppError(403, 'album_not_shared');
  }
  const photos = await repo.albumPhotos(db, ownerId);
  return {
    owner_id: ownerId,
    photos: photos.map((p) => ({ id: p.id, filename: p.filename, thumb_filename: p.thumb_filename, match_path: p.filename })),
  };
}

/** The members the asker shares his album with, newest first, each with his main photo (the owner's list of shares). */
export async function shares(db: Db, asker: Asker): Promise<{ shares: AlbumShare[]; limit: number }> {
  const rows = await repo.listShares(db, asker.userId);
  return {
    shares: rows.map((r) => ({
      id: r.id,
      name: r.name,
      shared_at: new Date(r.shared_at).toISOString(),
      main_image:
        r.photo_id !== null && r.photo_filename && r.photo_thumb
          ? toImage({ id: r.photo_id, filename: r.photo_filename, thumb_filename: r.photo_thumb, status: 'approved' })
          : null,
    })),
    limit: ALBUM_SHARE_LIMIT,
  };
}

/**
 * The private albums between the reader of a conversation and the other member (the chat's album menu and link):
 * the other's album as his profile shows it, and the size of the reader's own.
 */
export async function albumsBetween(db: Db, viewerId: number, otherId: number): Promise<Schemas['ChatAlbumInfo']> {
  return repo.albumsBetween(db, viewerId, otherId);
}

/**
 * Whether the member behind a session may open a file of `ownerId`'s private album (the media route's check): the
 * owner himself, or a member he shares it with and may see.
 */
export async function mayViewAlbum(db: Db, asker: Asker | null, ownerId: number): Promise<boolean> {
  if (!asker) return false;
  if (asker.userId === ownerId) return true;
  return (await repo.shareExists(db, ownerId, asker.userId)) && repo.memberVisibleTo(db, asker.siteId, asker.userId, ownerId);
}
