import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import type { Schemas } from '../../lib/api-types';
import type { Viewer } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { recordMemberEvent, tell } from '../../lib/live-events';
import { ensureMain, removeFilesNoLongerUsed } from '../photos/index';
import * as repo from './repository';
import { requireModerator } from './roles';

export type ModerationQueue = Schemas['ModerationQueue'];
export type Decision = Schemas['ModerationDecision']['decision'];

export const QUEUE_PAGE_SIZE = 24;

/**
 * A page of the site's queue, without the moderator's own photos (another moderator decides those); moderators see
 * the sharp variant (the JSON serializer signs every path).
 */
export async function listQueue(
  db: Db,
  viewer: Viewer | null,
  siteId: number,
  q: { after: number | null; limit: number },
): Promise<ModerationQueue> {
  const moderator = await requireModerator(db, viewer);
  const rows = await repo.listPending(db, siteId, moderator.userId, q.after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    photos: page.map((r) => ({
      id: r.id,
      uploaded_at: new Date(r.created_at).toISOString(),
      member: { id: r.user_id, name: r.name },
      image: { id: r.id, filename: r.filename, thumb_filename: r.thumb_filename, match_path: r.filename, status: 'pending', locked: false },
    })),
    next_cursor: rows.length > q.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * Approves (others see the photo from now on) or rejects a pending photo. A rejected photo is deleted with its files,
 * like a photo its owner deletes, and the member's main flag moves to another photo (an approved one first).
 * 404 when the photo is unknown on this site or was decided before; 403 own_case for the moderator's own photo; 409
 * when another moderator decided in between.
 */
export async function decide(
  db: Db,
  media: MediaStore,
  viewer: Viewer | null,
  siteId: number,
  photoId: number,
  decision: Decision,
  bus?: Bus,
): Promise<{ ownerId: number }> {
  const moderator = await requireModerator(db, viewer);
  const result = await db.transaction(async (tx) => {
    const photo = await repo.photoStatus(tx, siteId, photoId);
    if (!photo || photo.status !== 'pending') throw notFound();
    // Nobody moderates his own photo, as nobody decides a case about himself.
    if (photo.user_id === moderator.userId) throw new AppError(403, 'own_case');
    if (decision === 'approve') {
      if (!(await repo.approve(tx, photoId, moderator.userId))) throw new AppError(409, 'photo_decided');
      // The owner's open pages follow (the last write: it takes the event lock until the commit).
      await recordMemberEvent(tx, photo.user_id, { kind: 'photo', data: { photo: photoId, status: 'approved' } });
      return { ownerId: photo.user_id, rejected: null };
    }
    const rejected = await repo.deletePending(tx, photoId);
    if (!rejected) throw new AppError(409, 'photo_decided');
    await ensureMain(tx, rejected.user_id);
    await recordMemberEvent(tx, rejected.user_id, { kind: 'photo', data: { photo: photoId, status: 'refused' } });
    return { ownerId: rejected.user_id, rejected };
  });
  await tell(bus, [result.ownerId]);
  if (result.rejected) await removeFilesNoLongerUsed(db, media, [result.rejected]);
  return { ownerId: result.ownerId };
}
