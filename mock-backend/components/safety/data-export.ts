import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, notFound } from '../../lib/errors';
import type { MediaStore, StoredObject } from '../../lib/media-store';
import { hashToken, iso, linkOrigin, localeOf, mail, type SafetyDeps } from './common';
import { buildArchive } from './export-archive';
import * as repo from './export-repository';
import { renderExportReady } from './mail-texts';
import { decisionByToken } from './repository';

/**
 * "Download my data": a member asks (at most once a day, also while suspended — then with his refused login's
 * suspended token; the statement mail's token opens the statement only), a job builds the archive into the media store
 * and mails the link in his language; the link works for LINK_HOURS hours and only for him: with his session, or,
 * asked while suspended, with a download token of its own that opens that archive only and ends with a password change.
 */

const LINK_HOURS = 48;
const FILE_PATH = '/api/data-export-file.php';
/** The mailed link opens this page: logged out it asks him to log in first, then it downloads the archive. */
const DOWNLOAD_PAGE = '/data-export/download';
const objectKey = (key: string) => `exports/${key}.zip`;

/** Who asks: the session's member, or a suspended one by a statement about him and his refused login's token. */
export interface Asker {
  viewer: Viewer | null;
  statement?: number | undefined;
  token?: string | undefined;
}

/**
 * The member the asker is, and the statement he used (null with a session); 403 without either, 404 for a token that
 * is wrong or not a suspended one.
 */
async function memberOf(db: Db, site: Site, asker: Asker): Promise<{ userId: number; statementId: number | null }> {
  if (asker.statement !== undefined && asker.token !== undefined) {
    const decision = await decisionByToken(db, asker.statement, hashToken(asker.token), 'suspended');
    if (!decision || decision.site_id !== site.id) throw notFound();
    return { userId: decision.member_id, statementId: decision.id };
  }
  if (!asker.viewer) throw authenticationRequired();
  return { userId: asker.viewer.userId, statementId: null };
}

function toState(row: repo.ExportRow | null, next: Date | null): Schemas['DataExportState'] {
  const ready = row?.status === 'ready' && !row.expired && row.object_key !== null;
  return {
    status: !row ? 'none' : row.status === 'ready' ? (ready ? 'ready' : 'expired') : row.status,
    requested_at: row ? iso(row.requested_at) : null,
    ready_at: row?.ready_at ? iso(row.ready_at) : null,
    expires_at: row?.expires_at ? iso(row.expires_at) : null,
    next_request_at: next ? iso(next) : null,
    download_path: ready && row ? `${FILE_PATH}?key=${row.key}` : null,
  };
}

export async function exportState(db: Db, site: Site, asker: Asker): Promise<Schemas['DataExportState']> {
  const { userId } = await memberOf(db, site, asker);
  const [row, next] = await Promise.all([repo.latestExport(db, userId), repo.nextRequestAt(db, userId)]);
  return toState(row, next);
}

/** A new request, unless he asked within the last day (429 data_export_daily). The job is told after the commit. */
export async function requestExport(deps: SafetyDeps, site: Site, asker: Asker): Promise<Schemas['DataExportState']> {
  const { db } = deps;
  const { userId, statementId } = await memberOf(db, site, asker);
  const state = await db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, userId);
    if (!member) throw notFound();
    const next = await repo.nextRequestAt(tx, userId);
    if (next) {
      const seconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
      throw new AppError(429, 'data_export_daily', { params: { next: iso(next) }, headers: { 'Retry-After': String(seconds) } });
    }
    const key = randomBytes(16).toString('hex');
    await repo.insertExport(tx, { siteId: site.id, userId, key, statementId, language: localeOf(member.language) });
    return toState(await repo.latestExport(tx, userId), await repo.nextRequestAt(tx, userId));
  });
  deps.dataExports?.kick();
  return state;
}

/**
 * The archive, to the member it belongs to only: his session or suspended token, or the download token its mail
 * carried (another member, a wrong token, one from before a password change: 404; nobody: 403); 410 once its hours
 * are over.
 */
export async function openExport(db: Db, media: MediaStore, site: Site, asker: Asker & { key: string }): Promise<StoredObject> {
  // Who asks is settled before the key is looked at, so an unknown key answers like anyone else's.
  const mailedToken = asker.statement === undefined ? asker.token : undefined;
  const userId = mailedToken === undefined ? (await memberOf(db, site, asker)).userId : null;
  const row = await repo.exportByKey(db, asker.key);
  const allowed =
    row !== null &&
    (mailedToken === undefined ? row.user_id === userId : await repo.downloadTokenHolds(db, row.id, hashToken(mailedToken)));
  if (!row || !allowed || row.site_id !== site.id || row.status !== 'ready') throw notFound();
  if (row.expired || row.object_key === null) throw new AppError(410, 'data_export_expired');
  const stored = await media.get(row.object_key);
  if (!stored) throw new AppError(410, 'data_export_expired');
  return stored;
}

export interface ExportJobDeps {
  db: Db;
  media: MediaStore;
  logger: Logger;
  publicUrl: string;
  kickOutbox: () => void;
}

/**
 * The job: builds every pending archive (one at a time, each taken under a row lock so instances share the work),
 * stores it, mails the link, and deletes archives whose hours are over. Answers how many it built. The file is
 * written last, after the database work that can fail (the row marked ready, the mail): a failure before it leaves
 * no file, a failure in it or in the commit after it removes the file again, so the store never keeps an archive
 * that no row names.
 */
export async function processDataExports(deps: ExportJobDeps): Promise<number> {
  const { db, media, logger } = deps;
  let built = 0;
  for (;;) {
    let written: string | null = null;
    let done: number | null;
    try {
      done = await db.transaction(async (tx) => {
        const row = await repo.takePending(tx);
        if (!row) return null;
        const stored = objectKey(row.key);
        try {
          await repo.inSavepoint(tx, async () => {
            const archive = await buildArchive(tx, media, row.user_id);
            await repo.markReady(tx, row.id, stored, archive.length, LINK_HOURS);
            await mailLink(tx, deps.publicUrl, row);
            written = stored;
            await media.put(stored, archive);
          });
        } catch (err) {
          logger.error({ err, export: row.id }, 'data export failed');
          await removeWritten(media, written, logger);
          written = null;
          await repo.markFailed(tx, row.id);
        }
        return row.id;
      });
    } catch (err) {
      // The commit failed after the file was written: no row names it.
      await removeWritten(media, written, logger);
      throw err;
    }
    if (done === null) break;
    built++;
  }
  if (built > 0) deps.kickOutbox();
  for (const old of await repo.expiredObjects(db, 100)) {
    await media.remove(old.object_key);
    await repo.forgetObject(db, old.id);
  }
  return built;
}

/** Removes an archive written by an attempt that did not commit (a failure here is only logged). */
async function removeWritten(media: MediaStore, key: string | null, logger: Logger): Promise<void> {
  if (key === null) return;
  // The object's key is the download link's secret: the log names the failure only (the sweep of expired objects
  // removes what stays behind).
  await media.remove(key).catch((err: unknown) => logger.warn({ err }, 'could not remove an unused data export'));
}

async function mailLink(tx: Db, publicUrl: string, row: repo.ExportRow): Promise<void> {
  const target = await repo.mailTarget(tx, row.user_id, row.site_id);
  if (!target) return;
  const { email, site } = target;
  let link = `${await linkOrigin(publicUrl, tx, site)}${DOWNLOAD_PAGE}?key=${row.key}`;
  if (row.statement_id !== null) {
    // Asked while suspended (no session): the link carries a download token of its own, for this archive only.
    const token = randomBytes(16).toString('hex');
    await repo.setDownloadToken(tx, row.id, hashToken(token));
    link += `&token=${token}`;
  }
  const rendered = renderExportReady(localeOf(row.language), { site: site.name, hours: LINK_HOURS, link });
  await mail(tx, site, email, 'data_export', `export:${row.id}`, rendered);
}
