import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Db } from '../../lib/db';
import { ORPHAN_GRACE_SECONDS, putAll, sweepOrphans, type MediaStore } from '../../lib/media-store';
import type { PhotoVariants } from '../photos/index';
import { stillReferenced } from './repository';

/**
 * Files of photo messages (the chat component's photo messages; here beside the media they are served as, so that
 * chat, privacy, social and accounts delete them without reaching into each other): chat/<xx>/<random>-full.jpg and -thumb.jpg in the media store (re-encoded by
 * photos/image.ts, no metadata). The message row keeps the full variant's path; the thumb's is derived from it.
 * They are served under signed URLs (photos/signing.ts) and, unlike profile photos, only to a logged-in member of
 * their conversation (see the chat component's `chatMediaGuard`).
 *
 * Removal: whoever deletes message rows (a chat removed by both members, a block, the purge of an account) collects
 * their paths in the transaction and calls `deleteChatPhotoFiles` after the commit; a file left behind by a crash
 * or a failed deletion is found by `sweepOrphanChatPhotos` (the chat-photo sweep job). A file goes only while no row
 * names it, and only names of the form above are ever deleted, so nothing outside chat/ is touched.
 */
export const CHAT_MEDIA_PREFIX = 'chat/';
const FULL = /^chat\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/;
const THUMB = /^chat\/[0-9a-f]{2}\/[0-9a-f]{32}-thumb\.jpg$/;

export const thumbOf = (full: string): string => full.replace(/-full\.jpg$/, '-thumb.jpg');

/** The full variant behind a served chat path (full or thumb), or null when it is no chat photo path. */
export function fullOf(stored: string): string | null {
  if (FULL.test(stored)) return stored;
  if (THUMB.test(stored)) return stored.replace(/-thumb\.jpg$/, '-full.jpg');
  return null;
}

/** A photo message's Image: the answers that carry it get its paths as signed URLs (photos' imageSigning). */
export function photoImage(messageId: number, full: string): Schemas['Image'] {
  return { id: messageId, filename: full, thumb_filename: thumbOf(full), status: 'approved', match_path: full, locked: false };
}

/** Writes the variants under a new random name; answers the stored keys. Stores both or neither (else 503). */
export async function storeChatPhoto(
  media: MediaStore,
  variants: Pick<PhotoVariants, 'full' | 'thumb'>,
): Promise<{ full: string; thumb: string }> {
  const name = randomBytes(16).toString('hex');
  const dir = `chat/${name.slice(0, 2)}`;
  const files = { full: `${dir}/${name}-full.jpg`, thumb: `${dir}/${name}-thumb.jpg` };
  await putAll(media, [
    [files.full, variants.full],
    [files.thumb, variants.thumb],
  ]);
  return files;
}

export async function removeChatPhoto(media: MediaStore, files: readonly string[]): Promise<void> {
  await Promise.all(files.map((f) => media.remove(f).catch(() => false)));
}

const SWEPT = /^chat\/([0-9a-f]{2})\/(([0-9a-f]{32})-(?:full|thumb)\.jpg)$/;

async function removeQuietly(media: MediaStore, file: string, logger: Logger): Promise<boolean> {
  try {
    return await media.remove(file);
  } catch (err) {
    logger.warn({ err, file }, 'could not delete a chat photo file; the chat-photo sweep tries again');
    return false;
  }
}

/**
 * Deletes the files (both variants) of photo messages whose rows a committed transaction removed. Never throws: the
 * removal stands whatever happens here, and what is left behind is swept later. Paths that are no chat photo path,
 * or that a row still names, are left alone. Answers how many photos were removed.
 */
export async function deleteChatPhotoFiles(
  db: Db,
  media: MediaStore,
  fulls: ReadonlyArray<string | null>,
  logger: Logger,
): Promise<number> {
  const candidates = [...new Set(fulls.filter((f): f is string => f !== null && FULL.test(f)))];
  if (candidates.length === 0) return 0;
  try {
    const live = await stillReferenced(db, candidates);
    let removed = 0;
    for (const full of candidates) {
      if (live.has(full)) continue;
      const [a, b] = await Promise.all([removeQuietly(media, full, logger), removeQuietly(media, thumbOf(full), logger)]);
      if (a || b) removed += 1;
    }
    return removed;
  } catch (err) {
    logger.warn({ err, photos: candidates.length }, 'could not delete chat photo files; the chat-photo sweep removes them');
    return 0;
  }
}

/**
 * The chat-photo sweep: deletes the files under chat/ that no message row names (left by a crash between a commit
 * and the deletion, by a send that failed after storing them, or by a store that was down), once they are older
 * than `graceSeconds`. Only names of the form chat/<xx>/<random>-full|thumb.jpg are considered (on the disk: regular
 * files in real folders, no symbolic links). Answers how many files it deleted; a store that is down throws (the
 * job runs again at its next hour).
 */
export async function sweepOrphanChatPhotos(
  db: Db,
  media: MediaStore,
  logger: Logger,
  opts: { graceSeconds?: number; now?: number } = {},
): Promise<number> {
  const deleted = await sweepOrphans(media, logger, {
    prefix: CHAT_MEDIA_PREFIX,
    fullOf: (key) => {
      const match = SWEPT.exec(key);
      return match?.[3]?.startsWith(match[1] ?? '') ? `${CHAT_MEDIA_PREFIX}${match[1]}/${match[3]}-full.jpg` : null;
    },
    referenced: (fulls) => stillReferenced(db, fulls),
    cutoff: (opts.now ?? Date.now()) - (opts.graceSeconds ?? ORPHAN_GRACE_SECONDS) * 1000,
    failedDelete: 'could not delete a chat photo file; the chat-photo sweep tries again',
  });
  if (deleted > 0) logger.info({ deleted }, 'orphaned chat photo files deleted');
  return deleted;
}
