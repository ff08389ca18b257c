import type { Db } from '../../lib/db';
import * as repo from './notice-repository';
import type { NoticeTarget } from './notice-repository';

export type { NoticeTarget } from './notice-repository';

/** Pages that show one member's profile: `/members/<id>` and what hangs below it, and a like's profile page. */
const PROFILE_PATH = /^\/(?:[a-z]{2}\/)?(?:members|likes\/m)\/(\d{1,10})(?:\/|$)/;
/** A signed media URL `…/s/<expiry>/<signature>/<stored path>`: the stored path names the file (the signature may have expired). */
const SIGNED_MEDIA = /\/s\/\d{10}\/[A-Za-z0-9_-]{43}\/(.+)$/;
/** An unsigned media URL below the site's `/media/` prefix. */
const MEDIA_PATH = /\/media\/(.+)$/;

function parsePath(contentUrl: string): string | null {
  try {
    // A relative URL or a bare path counts as the site's own.
    const url = new URL(contentUrl.trim(), 'http://site.invalid');
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/**
 * The member a notice's content URL names on this site, or null when it names nobody (another site's member, a
 * deleted account, a page that is nobody's, a URL that is not one). Only the path counts, whatever the host: the
 * notifier may have copied the link from any of the site's addresses.
 */
export async function resolveNoticeTarget(db: Db, siteId: number, contentUrl: string): Promise<NoticeTarget | null> {
  const path = parsePath(contentUrl);
  if (path === null) return null;
  const profile = PROFILE_PATH.exec(path);
  if (profile) {
    const id = Number(profile[1]);
    if (!Number.isSafeInteger(id) || id > 2147483647) return null;
    const row = await repo.siteMember(db, siteId, id);
    return row ? { memberId: row.id, kind: 'profile', id: row.id } : null;
  }
  const file = SIGNED_MEDIA.exec(path)?.[1] ?? MEDIA_PATH.exec(path)?.[1];
  if (!file) return null;
  const row = await repo.fileOwner(db, siteId, file);
  return row ? { memberId: row.member_id, kind: row.kind, id: row.id } : null;
}
