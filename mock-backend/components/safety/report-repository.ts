import { sql, type Db } from '../../lib/db';

/** SQL of members' reports: what a member can report, filing a report with its evidence, and his own reports. */

export interface ReportRow {
  id: number;
  status: 'open' | 'action_taken' | 'no_violation';
}

/** The reporter's open report about this target, if any. */
export async function findOpenReport(db: Db, reporterId: number, kind: string, targetId: number): Promise<ReportRow | null> {
  const [row] = await db.query<ReportRow>(
    sql`SELECT id, status FROM safety_reports
        WHERE reporter_id = ${reporterId} AND target_kind = ${kind} AND target_id = ${targetId} AND status = 'open'`,
  );
  return row ?? null;
}

/** A member of the site (not deleted): the reportable profile. */
export async function siteMember(db: Db, siteId: number, userId: number): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM users WHERE id = ${userId} AND site_id = ${siteId} AND status <> 'deleted' AND deleted_at IS NULL`,
  );
  return rows.length === 1;
}

/** A message of a conversation the reporter is in, written by the other member: its author and conversation. */
export async function reportableMessage(
  db: Db,
  siteId: number,
  reporterId: number,
  messageId: number,
): Promise<{ sender_id: number; conversation_id: number } | null> {
  const [row] = await db.query<{ sender_id: number; conversation_id: number }>(
    sql`SELECT m.sender_id, m.conversation_id FROM messages m
        JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = ${reporterId}
        JOIN users u ON u.id = m.sender_id
        WHERE m.id = ${messageId} AND u.site_id = ${siteId} AND m.removed_at IS NULL`,
  );
  return row ?? null;
}

/** An approved photo of a member of the site (what other members see): its owner. */
export async function reportablePhoto(db: Db, siteId: number, photoId: number): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>(
    sql`SELECT ph.user_id FROM photos ph JOIN users u ON u.id = ph.user_id
        WHERE ph.id = ${photoId} AND ph.status = 'approved' AND u.site_id = ${siteId} AND u.deleted_at IS NULL`,
  );
  return row?.user_id ?? null;
}

export interface EvidenceMessage {
  id: number;
  sender_id: number;
  body: string;
  created_at: string;
}

/** The message with up to 3 before and 3 after it, from its conversation only, in order. */
export async function messageContext(db: Db, conversationId: number, messageId: number): Promise<EvidenceMessage[]> {
  return db.query<EvidenceMessage>(
    sql`SELECT id, sender_id, body, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM (
          (SELECT * FROM messages WHERE conversation_id = ${conversationId} AND id < ${messageId} AND removed_at IS NULL
           ORDER BY id DESC LIMIT 3)
          UNION ALL (SELECT * FROM messages WHERE id = ${messageId})
          UNION ALL (SELECT * FROM messages WHERE conversation_id = ${conversationId} AND id > ${messageId} AND removed_at IS NULL
                     ORDER BY id LIMIT 3)
        ) m ORDER BY id`,
  );
}

/** Stores the report unless the reporter has an open one about the target (then null). */
export async function insertReport(
  db: Db,
  r: {
    siteId: number;
    reporterId: number;
    memberId: number;
    kind: string;
    targetId: number;
    reason: string;
    details: string;
    evidence: unknown;
    language: string;
    /** The reporter's weight now (report-weight.ts), and whether the report counts (the per-target limit). */
    reporterWeight: number;
    counted: boolean;
  },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    sql`INSERT INTO safety_reports (site_id, reporter_id, member_id, target_kind, target_id, reason, details, evidence, language,
                                    reporter_weight, counted)
        VALUES (${r.siteId}, ${r.reporterId}, ${r.memberId}, ${r.kind}, ${r.targetId}, ${r.reason}, ${r.details},
                ${JSON.stringify(r.evidence)}, ${r.language}, ${r.reporterWeight}, ${r.counted})
        ON CONFLICT (reporter_id, target_kind, target_id) WHERE status = 'open' DO NOTHING
        RETURNING id`,
  );
  return row?.id ?? null;
}

export async function mailAddress(db: Db, userId: number): Promise<{ email: string; language: string } | null> {
  const [row] = await db.query<{ email: string; language: string }>(sql`SELECT email, language FROM users WHERE id = ${userId}`);
  return row ?? null;
}

export interface MyReportRow {
  id: number;
  target_kind: 'profile' | 'message' | 'photo';
  target_id: number;
  reason: string;
  status: 'open' | 'action_taken' | 'no_violation';
  created_at: Date;
  decided_at: Date | null;
  decision_id: number | null;
}

export async function listMyReports(db: Db, reporterId: number): Promise<MyReportRow[]> {
  return db.query<MyReportRow>(
    sql`SELECT id, target_kind, target_id, reason, status, created_at, decided_at, decision_id
        FROM safety_reports WHERE reporter_id = ${reporterId} ORDER BY id DESC LIMIT 200`,
  );
}
