import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM, PRIVATE_PHOTO_LIMIT } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, notFound } from '../../lib/errors';
import { ORPHAN_GRACE_SECONDS, putAll, sweepOrphans, type MediaStore } from '../../lib/media-store';
import type { Schemas } from '../../lib/api-types';
import { processPhoto } from './image';
import * as repo from './repository';

export type OwnImage = Schemas['OwnImage'];
export type MyPhotos = Schemas['MyPhotos'];

const photoLimit = (paidUser: boolean): number => (paidUser ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE);

/** The owner always sees the sharp variant, also of photos awaiting moderation. */
export function toOwnImage(p: repo.OwnPhotoRow): OwnImage {
  return {
    id: p.id,
    filename: p.filename,
    thumb_filename: p.thumb_filename,
    status: p.status,
    match_path: p.filename,
    locked: false,
    is_main: p.is_main,
    private: p.private,
  };
}

async function myPhotos(db: Db, userId: number, paidUser: boolean): Promise<MyPhotos> {
  return { photos: (await repo.listOwnPhotos(db, userId)).map(toOwnImage), limit: photoLimit(paidUser) };
}

function limitReached(limit: number): AppError {
  return new AppError(422, 'photo_limit_reached', { params: { limit } });
}

/**
 * Checks, re-encodes and stores an upload under random names, then records it. The limit is checked again inside
 * the transaction that holds the member's row lock, so four racing uploads of a free member store three.
 */
export async function upload(
  db: Db,
  media: MediaStore,
  viewer: { userId: number; paidUser: boolean } | null,
  file: Buffer | undefined,
): Promise<MyPhotos> {
  if (!viewer) throw authenticationRequired();
  if (!file) throw new AppError(400, 'bad_request', { params: { field: 'photo' } });
  if ((await repo.countPhotos(db, viewer.userId)) >= photoLimit(viewer.paidUser)) throw limitReached(photoLimit(viewer.paidUser));
  const variants = await processPhoto(file);

  const name = randomBytes(16).toString('hex');
  const dir = `u/${name.slice(0, 2)}`;
  const files = { filename: `${dir}/${name}-full.jpg`, thumb: `${dir}/${name}-thumb.jpg`, blurred: `${dir}/${name}-blur.jpg` };
  await putAll(media, [
    [files.filename, variants.full],
    [files.thumb, variants.thumb],
    [files.blurred, variants.blurred],
  ]);
  try {
    return await db.transaction(async (tx) => {
      const member = await repo.lockMember(tx, viewer.userId);
      if (!member) throw authenticationRequired();
      const limit = photoLimit(member.paid_user);
      if ((await repo.countPhotos(tx, viewer.userId)) >= limit) throw limitReached(limit);
      await repo.insertPhoto(tx, { userId: viewer.userId, ...files });
      return myPhotos(tx, viewer.userId, member.paid_user);
    });
  } catch (err) {
    await removeFiles(media, [files.filename, files.thumb, files.blurred]);
    throw err;
  }
}

/** Best effort: a file the store does not delete now stays unreachable (no row names it, no URL is signed for it). */
async function removeFiles(media: MediaStore, files: string[]): Promise<void> {
  await Promise.all(files.map((f) => media.remove(f).catch(() => false)));
}

export async function remove(db: Db, media: MediaStore, viewer: { userId: number; paidUser: boolean }, photoId: number): Promise<MyPhotos> {
  const result = await db.transaction(async (tx) => {
    const row = await repo.deletePhoto(tx, viewer.userId, photoId);
    if (!row) throw notFound();
    await repo.ensureMain(tx, viewer.userId);
    return { row, photos: await myPhotos(tx, viewer.userId, viewer.paidUser) };
  });
  await removeFilesNoLongerUsed(db, media, [result.row]);
  return result.photos;
}

/**
 * Removes the files of deleted photo rows, except those another row still uses (the demo seed shares avatars).
 * Call it after the deleting transaction committed.
 */
export async function removeFilesNoLongerUsed(
  db: Db,
  media: MediaStore,
  rows: Array<{ filename: string; thumb_filename: string; blurred_filename: string }>,
): Promise<void> {
  const unused: string[] = [];
  for (const f of new Set(rows.flatMap((r) => [r.filename, r.thumb_filename, r.blurred_filename]))) {
    if (!(await repo.fileInUse(db, f))) unused.push(f);
  }
  await removeFiles(media, unused);
}

export async function setMain(db: Db, viewer: { userId: number; paidUser: boolean }, photoId: number): Promise<MyPhotos> {
  return db.transaction(async (tx) => {
    const result = await repo.setMain(tx, viewer.userId, photoId);
    if (result === 'missing') throw notFound();
    if (result === 'private') throw new AppError(422, 'photo_private_not_main');
    return myPhotos(tx, viewer.userId, viewer.paidUser);
  });
}

/**
 * Puts a photo into the member's private album or takes it out. At most PRIVATE_PHOTO_LIMIT private photos, counted
 * inside the transaction that holds the member's row lock; a private main photo hands the main flag to the next
 * public one (or the member has none).
 */
export async function setPrivate(
  db: Db,
  viewer: { userId: number; paidUser: boolean },
  photoId: number,
  isPrivate: boolean,
): Promise<MyPhotos> {
  return db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, viewer.userId);
    if (!member) throw authenticationRequired();
    if (isPrivate && (await repo.countPrivate(tx, viewer.userId, photoId)) >= PRIVATE_PHOTO_LIMIT) {
      throw new AppError(422, 'private_album_full', { params: { limit: PRIVATE_PHOTO_LIMIT } });
    }
    if (!(await repo.setPrivate(tx, viewer.userId, photoId, isPrivate))) throw notFound();
    await repo.ensureMain(tx, viewer.userId);
    return myPhotos(tx, viewer.userId, member.paid_user);
  });
}

const PROFILE_PHOTO = /^u\/([0-9a-f]{2})\/([0-9a-f]{32})-(?:full|thumb|blur)\.jpg$/;

/**
 * The profile-photo sweep (run by the chat-photo sweep job): deletes the objects under u/ that no photo row names
 * (left by a store that was down when a photo was deleted, or by a crash between the commit and the deletion), once
 * older than `graceSeconds` (an upload stores its files before the transaction that inserts the row). Only names of
 * the form u/<xx>/<random>-full|thumb|blur.jpg are considered, by the full variant every row names. Answers how many
 * objects it deleted; a store that is down throws (the job runs again at its next hour).
 */
export async function sweepOrphanProfilePhotos(
  db: Db,
  media: MediaStore,
  logger: Logger,
  opts: { graceSeconds?: number; now?: number } = {},
): Promise<number> {
  const deleted = await sweepOrphans(media, logger, {
    prefix: 'u/',
    fullOf: (key) => {
      const match = PROFILE_PHOTO.exec(key);
      return match?.[2]?.startsWith(match[1] ?? '') ? `u/${match[1]}/${match[2]}-full.jpg` : null;
    },
    referenced: async (fulls) => new Set((await repo.photosNamed(db, fulls)).map((r) => r.filename)),
    cutoff: (opts.now ?? Date.now()) - (opts.graceSeconds ?? ORPHAN_GRACE_SECONDS) * 1000,
    failedDelete: 'could not delete a profile photo file; the sweep tries again',
  });
  if (deleted > 0) logger.info({ deleted }, 'orphaned profile photo files deleted');
  return deleted;
}
