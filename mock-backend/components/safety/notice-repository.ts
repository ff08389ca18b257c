import { sql, type Db } from '../../lib/db';

export async function insertNotice(
  db: Db,
  n: { siteId: number; name: string; email: string; url: string; explanation: string; language: string; target: NoticeTarget | null },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    sql`INSERT INTO safety_notices (site_id, name, email, content_url, explanation, good_faith, language, member_id, target_kind, target_id)
        VALUES (${n.siteId}, ${n.name}, ${n.email}, ${n.url}, ${n.explanation}, true, ${n.language},
                ${n.target?.memberId ?? null}, ${n.target?.kind ?? null}, ${n.target?.id ?? null})
        RETURNING id`,
  );
  if (!row) throw new Error('notice insert returned no row');
  return row.id;
}

export interface NoticeRow {
  id: number;
  name: string;
  email: string;
  content_url: string;
  explanation: string;
  target_kind: 'profile' | 'photo' | 'message' | null;
  target_id: number | null;
  created_at: Date;
}

const NOTICE_COLUMNS = sql`id, name, email, content_url, explanation, target_kind, target_id, created_at`;

/** The open notices whose URL names no member, oldest first: items of their own in the queue. */
export async function openUnassignedNotices(db: Db, siteId: number, limit: number): Promise<NoticeRow[]> {
  return db.query<NoticeRow>(
    sql`SELECT ${NOTICE_COLUMNS} FROM safety_notices
        WHERE site_id = ${siteId} AND status = 'open' AND member_id IS NULL ORDER BY id LIMIT ${limit}`,
  );
}

/** The open notices about the member, oldest first: part of his case. */
export async function openNoticesAbout(db: Db, siteId: number, memberId: number): Promise<NoticeRow[]> {
  return db.query<NoticeRow>(
    sql`SELECT ${NOTICE_COLUMNS} FROM safety_notices
        WHERE site_id = ${siteId} AND member_id = ${memberId} AND status = 'open' ORDER BY id LIMIT 100`,
  );
}

/** The notices these decisions handled, oldest first (what an appeal's moderator reads beside the decision). */
export async function noticesOfDecisions(
  db: Db,
  siteId: number,
  decisionIds: readonly number[],
): Promise<(NoticeRow & { decision_id: number })[]> {
  if (decisionIds.length === 0) return [];
  return db.query<NoticeRow & { decision_id: number }>(
    sql`SELECT ${NOTICE_COLUMNS}, decision_id FROM safety_notices
        WHERE site_id = ${siteId} AND decision_id = ANY(${[...decisionIds]}::int[]) ORDER BY id`,
  );
}

/**
 * Marks the open notices handled by the decision about the member; answers whom to tell for each it took (fewer when
 * some were handled before, or name another member).
 */
export async function handleNotices(
  db: Db,
  q: { siteId: number; memberId: number; ids: number[]; decisionId: number; moderatorId: number },
): Promise<{ id: number; email: string; language: string }[]> {
  if (q.ids.length === 0) return [];
  return db.query(
    sql`UPDATE safety_notices
        SET status = 'handled', member_id = ${q.memberId}, target_kind = coalesce(target_kind, 'profile'),
            target_id = coalesce(target_id, ${q.memberId}), decision_id = ${q.decisionId}, decided_by = ${q.moderatorId},
            decided_at = now(), updated_at = now()
        WHERE id = ANY(${q.ids}::int[]) AND site_id = ${q.siteId} AND status = 'open'
          AND (member_id IS NULL OR member_id = ${q.memberId})
        RETURNING id, email, language`,
  );
}

/** Dismisses an open notice without a member; answers whom to tell, or null when it was handled before. */
export async function dismissNotice(
  db: Db,
  q: { siteId: number; id: number; moderatorId: number },
): Promise<{ email: string; language: string } | null> {
  const [row] = await db.query<{ email: string; language: string }>(
    sql`UPDATE safety_notices SET status = 'handled', decided_by = ${q.moderatorId}, decided_at = now(), updated_at = now()
        WHERE id = ${q.id} AND site_id = ${q.siteId} AND status = 'open'
        RETURNING email, language`,
  );
  return row ?? null;
}

/** Gives an open notice the member a moderator found (it joins his case); false when it was handled before. */
export async function assignNotice(db: Db, q: { siteId: number; id: number; target: NoticeTarget }): Promise<boolean> {
  const rows = await db.query(
    sql`UPDATE safety_notices SET member_id = ${q.target.memberId}, target_kind = ${q.target.kind}, target_id = ${q.target.id},
               updated_at = now()
        WHERE id = ${q.id} AND site_id = ${q.siteId} AND status = 'open' RETURNING id`,
  );
  return rows.length === 1;
}

/** What a notice's content URL names: a member's profile, one of his photos, or a photo he sent in a chat. */
export interface NoticeTarget {
  memberId: number;
  kind: 'profile' | 'photo' | 'message';
  id: number;
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

export async function siteMember(db: Db, siteId: number, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db.query<{ id: number }>(findMember(siteId, id));
  return row;
}

/** The photo or photo message whose file this is, on the site (a profile photo first). */
export async function fileOwner(
  db: Db,
  siteId: number,
  file: string,
): Promise<{ kind: 'photo' | 'message'; id: number; member_id: number } | undefined> {
  const [row] = await db.query<{ kind: 'photo' | 'message'; id: number; member_id: number }>(findFile(siteId, file));
  return row;
}
