import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Schemas } from '../../lib/api-types';
import type { PhotoVariants } from '../photos/image';

/**
 * Files of photo messages: DATA_DIR/media/chat/<xx>/<random>-full.jpg and -thumb.jpg (re-encoded by
 * photos/image.ts, no metadata). The message row keeps the full variant's path; the thumb's is derived from it.
 * They are served under signed URLs (photos/signing.ts) and, unlike profile photos, only to a logged-in member of
 * their conversation (see `chatMediaGuard`).
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
