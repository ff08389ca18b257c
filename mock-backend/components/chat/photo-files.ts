import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Db } from '../../lib/db';
import type { PhotoVariants } from '../photos/image';

/**
 * Files of photo messages: DATA_DIR/media/chat/<xx>/<random>-full.jpg and -thumb.jpg (re-encoded by
 * photos/image.ts, no metadata). The message row keeps the full variant's path; the thumb's is derived from it.
 * They are served under signed URLs (photos/signing.ts) and, unlike profile photos, only to a logged-in member of
 * their conversation (see `chatMediaGuard`).
 *
 * Removal: whoever deletes message rows (a chat removed by both members, a block, the purge of an account) collects
 * their paths in the transaction and calls `deleteChatPhotoFiles` after the commit; a file left behind by a crash
 * or a failed unlink is found by `sweepOrphanChatPhotos` (the chat-photo sweep job). A file goes only while no row
 * names it, and only names of the form above are ever unlinked, so no path outside media/chat/ is touched.
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

/** A photo message's Image: the API's signing middleware turns its paths into signed URLs on every answer. */
export function photoImage(messageId: number, full: string): Schemas['Image'] {
  return { id: messageId, filename: full, thumb_filename: thumbOf(full), status: 'approved', match_path: full, locked: false };
}

/** Writes the variants under a new random name; answers the stored paths (relative to the media folder). */
export async function storeChatPhoto(mediaDir: string, variants: Pick<PhotoVariants, 'full' | 'thumb'>): Promise<{ full: string; thumb: string }> {
  const name = randomBytes(16).toString('hex');
  const dir = `chat/${name.slice(0, 2)}`;
  const files = { full: `${dir}/${name}-full.jpg`, thumb: `${dir}/${name}-thumb.jpg` };
  await mkdir(path.join(mediaDir, dir), { recursive: true });
  try {
    await Promise.all([
      writeFile(path.join(mediaDir, files.full), variants.full, { flag: 'wx' }),
      writeFile(path.join(mediaDir, files.thumb), variants.thumb, { flag: 'wx' }),
    ]);
  } catch (err) {
    await removeChatPhoto(mediaDir, [files.full, files.thumb]);
    throw err;
  }
  return files;
}

export async function removeChatPhoto(mediaDir: string, files: readonly string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(path.join(mediaDir, f)).catch(() => undefined)));
}

/** Files newer than this are never swept: a send stores its files before the transaction that inserts the row. */
export const ORPHAN_GRACE_SECONDS = 3600;
const DIR = /^[0-9a-f]{2}$/;
const FILE = /^([0-9a-f]{32})-(full|thumb)\.jpg$/;

/** Of these full-variant paths, those some message row still names. */
async function stillReferenced(db: Db, fulls: readonly string[]): Promise<Set<string>> {
  if (fulls.length === 0) return new Set();
  const rows = await db.query<{ photo_filename: string }>(
    'SELECT DISTINCT photo_filename FROM messages WHERE photo_filename = ANY($1::text[])',
    [fulls],
  );
  return new Set(rows.map((r) => r.photo_filename));
}

async function unlinkQuietly(mediaDir: string, file: string, logger: Logger): Promise<boolean> {
  try {
    await unlink(path.join(mediaDir, file));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    logger.warn({ err, file }, 'could not delete a chat photo file; the chat-photo sweep tries again');
    return false;
  }
}

/**
 * Deletes the files (both variants) of photo messages whose rows a committed transaction removed. Never throws: the
 * removal stands whatever happens here, and what is left behind is swept later. Paths that are no chat photo path,
 * or that a row still names, are left alone. Answers how many photos were removed.
 */
export async function deleteChatPhotoFiles(db: Db, mediaDir: string, fulls: ReadonlyArray<string | null>, logger: Logger): Promise<number> {
  const candidates = [...new Set(fulls.filter((f): f is string => f !== null && FULL.test(f)))];
  if (candidates.length === 0) return 0;
  try {
    const live = await stillReferenced(db, candidates);
    let removed = 0;
    for (const full of candidates) {
      if (live.has(full)) continue;
      const [a, b] = await Promise.all([unlinkQuietly(mediaDir, full, logger), unlinkQuietly(mediaDir, thumbOf(full), logger)]);
      if (a || b) removed += 1;
    }
    return removed;
  } catch (err) {
    logger.warn({ err, photos: candidates.length }, 'could not delete chat photo files; the chat-photo sweep removes them');
    return 0;
  }
}

/**
 * The chat-photo sweep: deletes the files under media/chat/ that no message row names (left by a crash between a
 * commit and the unlink, or by a send that failed after storing them), once they are older than `graceSeconds`.
 * Reads only the two levels of chat/<xx>/ and only regular files with a chat photo name (no symbolic links).
 * Answers how many files it deleted.
 */
export async function sweepOrphanChatPhotos(
  db: Db,
  mediaDir: string,
  logger: Logger,
  opts: { graceSeconds?: number; now?: number } = {},
): Promise<number> {
  const root = path.join(mediaDir, 'chat');
  const cutoff = (opts.now ?? Date.now()) - (opts.graceSeconds ?? ORPHAN_GRACE_SECONDS) * 1000;
  let dirs;
  try {
    dirs = await readdir(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let deleted = 0;
  for (const dir of dirs) {
    if (!dir.isDirectory() || !DIR.test(dir.name)) continue;
    // Old enough files, by the full variant they belong to.
    const byFull = new Map<string, string[]>();
    for (const entry of await readdir(path.join(root, dir.name), { withFileTypes: true })) {
      const match = FILE.exec(entry.name);
      if (!entry.isFile() || !match || !match[1]?.startsWith(dir.name)) continue;
      const file = `${CHAT_MEDIA_PREFIX}${dir.name}/${entry.name}`;
      const stat = await lstat(path.join(mediaDir, file)).catch(() => null);
      if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
      const full = `${CHAT_MEDIA_PREFIX}${dir.name}/${match[1]}-full.jpg`;
      byFull.set(full, [...(byFull.get(full) ?? []), file]);
    }
    const live = await stillReferenced(db, [...byFull.keys()]);
    for (const [full, files] of byFull) {
      if (live.has(full)) continue;
      for (const file of files) if (await unlinkQuietly(mediaDir, file, logger)) deleted += 1;
    }
  }
  if (deleted > 0) logger.info({ deleted }, 'orphaned chat photo files deleted');
  return deleted;
}
