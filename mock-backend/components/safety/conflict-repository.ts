import { sql, type Db } from '../../lib/db';

/**
 * SQL of who may decide: what ties a moderator to the members of a case or an appeal (a block either way, a
 * conversation), his own open reports in a case, and the reports and notices behind decisions.
 */

/**
 * Those of `memberIds` the moderator blocked, was blocked by or shares a conversation with (one he or the other removed
 * from his list included: the conversation took place). Reads the blocks' primary key and blocks_blocked, and
 * conversation_members_user_all for the moderator's conversations.
 */
export async function tiedMembers(db: Db, moderatorId: number, memberIds: number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(
    sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${moderatorId} AND blocked_id = ANY(${memberIds}::int[])
        UNION
        SELECT blocker_id FROM blocks WHERE blocked_id = ${moderatorId} AND blocker_id = ANY(${memberIds}::int[])
        UNION
        SELECT o.user_id FROM conversation_members me
        JOIN conversation_members o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
        WHERE me.user_id = ${moderatorId} AND o.user_id = ANY(${memberIds}::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether the moderator filed one of the open reports about the member (one of his case's reports). */
export async function hasOpenReportAbout(db: Db, siteId: number, moderatorId: number, memberId: number): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM safety_reports
        WHERE site_id = ${siteId} AND member_id = ${memberId} AND reporter_id = ${moderatorId} AND status = 'open' LIMIT 1`,
  );
  return rows.length === 1;
}

/** The addresses of the open notices of the member's case and of the notices listed (which may name nobody yet). */
export async function caseNoticeAddresses(db: Db, siteId: number, memberId: number, noticeIds: number[]): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    sql`SELECT email FROM safety_notices
        WHERE site_id = ${siteId} AND status = 'open' AND (member_id = ${memberId} OR id = ANY(${noticeIds}::int[]))`,
  );
  return rows.map((r) => r.email);
}

/** The address of one notice of the site (null for an unknown notice). */
export async function noticeAddress(db: Db, siteId: number, noticeId: number): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(sql`SELECT email FROM safety_notices WHERE id = ${noticeId} AND site_id = ${siteId}`);
  return row?.email ?? null;
}

/** Those of the decisions that covered a report the moderator filed. */
export async function decisionsWithReportBy(db: Db, moderatorId: number, decisionIds: number[]): Promise<Set<number>> {
  if (decisionIds.length === 0) return new Set();
  const rows = await db.query<{ decision_id: number }>(
    sql`SELECT DISTINCT decision_id FROM safety_reports WHERE reporter_id = ${moderatorId} AND decision_id = ANY(${decisionIds}::int[])`,
  );
  return new Set(rows.map((r) => r.decision_id));
}

/** The addresses of the notices the decisions handled, per decision. */
export async function decisionNoticeAddresses(db: Db, decisionIds: number[]): Promise<{ decision_id: number; email: string }[]> {
  if (decisionIds.length === 0) return [];
  return db.query(sql`SELECT decision_id, email FROM safety_notices WHERE decision_id = ANY(${decisionIds}::int[])`);
}
