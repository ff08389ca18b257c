import type { Logger } from 'pino';
import { ACCOUNT_UNDO_DAYS } from '../../src/shared/constants';
import { accountsToPurge, purgeAccount } from '../components/accounts/index';
import { deleteChatPhotoFiles } from '../components/media/index';
import { removeFilesNoLongerUsed } from '../components/photos/index';
import type { Db } from '../lib/db';
import type { MediaStore } from '../lib/media-store';

/**
 * The purge of deleted accounts (a job): it spans three components — the accounts' rows go (accounts), then the files
 * of their profile photos (photos) and of their photo messages (media) — so it lives above them.
 * Purges every account deleted longer ago than the undo window, each in its own transaction.
 */
export async function purgeDeletedAccounts(db: Db, logger: Logger, media: MediaStore): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = await accountsToPurge(db, ACCOUNT_UNDO_DAYS, 100);
    if (ids.length === 0) break;
    for (const id of ids) {
      const files = await db.transaction((tx) => purgeAccount(tx, id));
      // Photos are personal data too: their files go once the rows are gone (a crash here leaves files that no row
      // references, never a row without its file; the chat-photo sweep finds those of photo messages).
      await removeFilesNoLongerUsed(db, media, files.photos);
      await deleteChatPhotoFiles(db, media, files.chatPhotos, logger);
      purged += 1;
    }
  }
  if (purged > 0) logger.info({ purged }, 'deleted accounts purged');
  return purged;
}
