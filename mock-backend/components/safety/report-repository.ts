import type { Db } from '../../lib/db';

/** SQL of members' reports: what a member can report, filing a report with its evidence, and his own reports. */

export interface ReportRow {
  id: number;
  status: 'open' | 'action_taken' | 'no_violation';
}

/** The reporter's open report about this target, if any. */
export async function findOpenReport(db: Db, reporterId: number, kind: string, targetId: number): Promise<ReportRow | null> {
  const [row] = await db.query<ReportRow>(
    `SELECT id, status FROM safety_reports WHERE reporter_id = $1 AND target_kind = $2 AND target_id = $3 AND status = 'open'`,
    [reporterId, kind, targetId],
  );
  return row ?? null;
}

/** A member of the site (not deleted): the reportable profile. */
export async function siteMember(db: Db, siteId: number, userId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM users WHERE id = $1 AND site_id = $2 AND status <> 'deleted' AND deleted_at IS NULL`, [
    userId,
    siteId,
  ]);
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
    `SELECT m.sender_id, m.conversation_id FROM messages m
     JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = $3
     JOIN users u ON u.id = m.sender_id
     WHERE m.id = $1 AND u.site_id = $2 AND m.removed_at IS NULL`,
    [messageId, siteId, reporterId],
  );
  return row ?? null;
}

/** An approved photo of a member of the site (what other members see): its owner. */
export async function reportablePhoto(db: Db, siteId: number, photoId: number): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>(
    `SELECT ph.user_id FROM photos ph JOIN users u ON u.id = ph.user_id
     WHERE ph.id = $1 AND ph.status = 'approved' AND u.site_id = $2 AND u.deleted_at IS NULL`,
    [photoId, siteId],
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
    `SELECT id, sender_id, body, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM (
       (SELECT * FROM messages WHERE conversation_id = $1 AND id < $2 AND removed_at IS NULL ORDER BY id DESC LIMIT 3)
       UNION ALL (SELECT * FROM messages WHERE id = $2)
       UNION ALL (SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 AND removed_at IS NULL ORDER BY id LIMIT 3)
     ) m ORDER BY id`,
    [conversationId, messageId],
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
  },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO safety_reports (site_id, reporter_id, member_id, target_kind, target_id, reason, details, evidence, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (reporter_id, target_kind, target_id) WHERE status = 'open' DO NOTHING
     RETURNING id`,
    [r.siteId, r.reporterId, r.memberId, r.kind, r.targetId, r.reason, r.details, JSON.stringify(r.evidence), r.language],
  );
  return row?.id ?? null;
}

export async function mailAddress(db: Db, userId: number): Promise<{ email: string; language: string } | null> {
  const [row] = await db.query<{ email: string; language: string }>('SELECT email, language FROM users WHERE id = $1', [userId]);
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
    `SELECT id, target_kind, target_id, reason, status, created_at, decided_at, decision_id
     FROM safety_reports WHERE reporter_id = $1 ORDER BY id DESC LIMIT 200`,
    [reporterId],
  );
}
