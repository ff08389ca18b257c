import type { Logger } from 'pino';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { AppError, notFound } from '../../lib/errors';
import { deleteChatPhotoFiles } from '../media/index';
import { snap } from './geo';
import * as repo from './repository';

export interface BlockDeps {
  db: Db;
  /** The media store: the files of the photo messages that a block removes are deleted there. */
  media: MediaStore;
  logger: Logger;
}

/**
 * Blocks a member: chats and likes between the two go. The files of photo messages in those chats are
 * deleted after the commit; a failure there leaves the block standing (the chat-photo sweep finds the files).
 */
export async function block(deps: BlockDeps, siteId: number, me: number, other: number): Promise<void> {
  const photos = await deps.db.transaction((tx) => blockInTransaction(tx, siteId, me, other));
  await deleteBlockedChatPhotos(deps, photos);
}

/**
 * The block's rows in the caller's transaction (a report that also blocks: both or neither). Answers the files of the
 * photo messages it removed, for deleteBlockedChatPhotos once that transaction committed.
 */
export async function blockInTransaction(tx: Db, siteId: number, me: number, other: number): Promise<string[]> {
  if (me === other) throw new AppError(400, 'block_self');
  if (!(await repo.memberExists(tx, siteId, other))) throw notFound();
  await repo.insertBlock(tx, me, other);
  return repo.removeContact(tx, me, other);
}

/** Deletes the files of the photo messages a committed block removed (a failure is left to the chat-photo sweep). */
export async function deleteBlockedChatPhotos(deps: BlockDeps, photos: string[]): Promise<void> {
  await deleteChatPhotoFiles(deps.db, deps.media, photos, deps.logger);
}

export async function unblock(db: Db, me: number, other: number): Promise<void> {
  await repo.deleteBlock(db, me, other);
}

export async function listBlocks(db: Db, me: number) {
  const rows = await repo.listBlocks(db, me);
  return { blocks: rows.map((r) => ({ id: r.id, name: r.name, blocked_at: new Date(r.blocked_at).toISOString() })) };
}

export async function setInvisible(db: Db, me: number, invisible: boolean) {
  await repo.setInvisible(db, me, invisible);
  return { invisible };
}

/** Stores only the centre of the 0.05° grid cell; the raw position is dropped here. */
export async function saveLocation(db: Db, me: number, lat: number, lon: number): Promise<void> {
  const cell = snap(lat, lon);
  await repo.setLocation(db, me, cell.lat, cell.lon);
}

export async function forgetLocation(db: Db, me: number): Promise<void> {
  await repo.setLocation(db, me, null, null);
}
