import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { RequestHandler } from 'express';
import type { Db } from '../../lib/db';
import { ORPHAN_GRACE_SECONDS, putAll, sweepOrphans, type MediaStore } from '../../lib/media-store';
import { VERIFICATION_MEDIA_PREFIX, viewerFinder, type MediaGuard } from '../media/index';
import { requireModerator } from '../moderation/index';
import type { PhotoVariants } from '../photos/index';
import * as repo from './repository';

/**
 * The selfie's files: verify/<xx>/<random>-full.jpg and -thumb.jpg in the media store (disk or bucket), re-encoded by
 * the photos' pipeline (no metadata). The request row keeps the full variant's path; the thumb's is derived from it.
 * Never public: the guard below serves them to their member and to moderators only, privately.
 */

const FULL = /^verify\/([0-9a-f]{2})\/([0-9a-f]{32})-full\.jpg$/;
const ANY = /^verify\/([0-9a-f]{2})\/([0-9a-f]{32})-(?:full|thumb)\.jpg$/;

export const selfieThumbOf = (full: string): string => full.replace(/-full\.jpg$/, '-thumb.jpg');

function selfieFullOf(key: string): string | null {
  const m = ANY.exec(key);
  return m?.[2]?.startsWith(m[1] ?? '') ? `${VERIFICATION_MEDIA_PREFIX}${m[1]}/${m[2]}-full.jpg` : null;
}

/** Stores both variants under a new random name (both or neither; a store that is down is 503). */
export async function storeSelfie(media: MediaStore, variants: Pick<PhotoVariants, 'full' | 'thumb'>): Promise<string> {
  const name = randomBytes(16).toString('hex');
  const full = `${VERIFICATION_MEDIA_PREFIX}${name.slice(0, 2)}/${name}-full.jpg`;
  await putAll(media, [
    [full, variants.full],
    [selfieThumbOf(full), variants.thumb],
  ]);
  return full;
}

/** Deletes a selfie's files; never throws (what is left behind is swept later). */
export async function removeSelfie(media: MediaStore, full: string, logger?: Logger): Promise<void> {
  if (!FULL.test(full)) return;
  await Promise.all(
    [full, selfieThumbOf(full)].map((f) =>
      media.remove(f).catch((err: unknown) => {
        logger?.warn({ err, file: f }, 'could not delete a verification selfie file; the sweep tries again');
        return false;
      }),
    ),
  );
}

/**
 * The media route's check for selfies: a path under verify/ is served only to the member whose request names it and to
 * moderators, privately (no shared cache); to anyone else, and once no request names it, 404 like a file that never
 * existed. Other media pass.
 */
export function verificationMediaGuard(db: Db, siteAndSession: RequestHandler): MediaGuard {
  const viewerOf = viewerFinder(siteAndSession);
  return async (req, res, stored) => {
    if (!stored.startsWith(VERIFICATION_MEDIA_PREFIX)) return 'public';
    const full = selfieFullOf(stored);
    if (!full) return 'refused';
    const owner = await repo.selfieOwner(db, full);
    if (owner === null) return 'refused';
    const viewer = await viewerOf(req, res);
    if (!viewer) return 'refused';
    if (viewer.userId === owner) return 'private';
    return requireModerator(db, viewer).then(
      () => 'private' as const,
      () => 'refused' as const,
    );
  };
}

/**
 * Deletes the selfie files no request names (an upload whose transaction failed after the files were stored, a request
 * deleted with its account, a store that was down at the purge), once older than the grace period.
 */
export async function sweepOrphanSelfies(db: Db, media: MediaStore, logger: Logger, now = Date.now()): Promise<number> {
  return sweepOrphans(media, logger, {
    prefix: VERIFICATION_MEDIA_PREFIX,
    fullOf: selfieFullOf,
    referenced: (fulls) => repo.selfiesNamed(db, fulls),
    cutoff: now - ORPHAN_GRACE_SECONDS * 1000,
    failedDelete: 'could not delete a verification selfie file; the sweep tries again',
  });
}
