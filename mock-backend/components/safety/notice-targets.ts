import { sql, type Db } from '../../lib/db';

/** What a notice's content URL names: a member's profile, one of his photos, or a photo he sent in a chat. */
export interface NoticeTarget {
  memberId: number;
  kind: 'profile' | 'photo' | 'message';
  id: number;
}

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

const findMember = (siteId: number, id: number) =>
  sql`SELECT id FROM users WHERE id = ${id} AND site_id = ${siteId} AND status <> 'deleted' AND deleted_at IS NULL`;

const findFile = (siteId: number, file: string) =>
  sql`SELECT 'photo' AS kind, ph.id, ph.user_id AS member_id FROM photos ph JOIN users u ON u.id = ph.user_id
      WHERE ${file} IN (ph.filename, ph.thumb_filename, ph.blurred_filename) AND u.site_id = ${siteId} AND u.deleted_at IS NULL
      UNION ALL
      SELECT 'message', m.id, m.sender_id FROM messages m JOIN users u ON u.id = m.sender_id
      WHERE m.photo_filename = ${file} AND u.site_id = ${siteId} AND u.deleted_at IS NULL
      ORDER BY 1 DESC, 2 LIMIT 1`;

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
    const [row] = await db.query<{ id: number }>(findMember(siteId, id));
    return row ? { memberId: row.id, kind: 'profile', id: row.id } : null;
  }
  const file = SIGNED_MEDIA.exec(path)?.[1] ?? MEDIA_PATH.exec(path)?.[1];
  if (!file) return null;
  const [row] = await db.query<{ kind: 'photo' | 'message'; id: number; member_id: number }>(findFile(siteId, file));
  return row ? { memberId: row.member_id, kind: row.kind, id: row.id } : null;
}
