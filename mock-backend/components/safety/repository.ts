import type { Db } from '../../lib/db';

/** A timestamptz column as ISO text, `infinity` for a ban (the drivers disagree on how they parse infinity). */
const isoOrInfinity = (column: string): string =>
  `CASE WHEN ${column} IS NULL THEN NULL WHEN ${column} = 'infinity' THEN 'infinity'
        ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

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

export async function insertNotice(
  db: Db,
  n: { siteId: number; name: string; email: string; url: string; explanation: string; language: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO safety_notices (site_id, name, email, content_url, explanation, good_faith, language)
     VALUES ($1, $2, $3, $4, $5, true, $6) RETURNING id`,
    [n.siteId, n.name, n.email, n.url, n.explanation, n.language],
  );
  if (!row) throw new Error('notice insert returned no row');
  return row.id;
}

/** The reported members with open reports, the longest-waiting first. */
export async function queueMembers(db: Db, siteId: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ member_id: number }>(
    `SELECT member_id FROM safety_reports WHERE site_id = $1 AND status = 'open'
     GROUP BY member_id ORDER BY min(id) LIMIT $2`,
    [siteId, limit],
  );
  return rows.map((r) => r.member_id);
}

export interface CaseMemberRow {
  id: number;
  name: string;
  about: string;
  signup_date: Date;
  account_age_days: number;
  suspended_until: string | null;
  restricted_until: string | null;
}

export async function caseMember(db: Db, memberId: number): Promise<CaseMemberRow | null> {
  const [row] = await db.query<CaseMemberRow>(
    `SELECT u.id, coalesce(p.name, '') AS name, coalesce(p.about, '') AS about, u.signup_date,
            (current_date - u.signup_date::date)::int AS account_age_days,
            ${isoOrInfinity('u.suspended_until')} AS suspended_until, ${isoOrInfinity('u.restricted_until')} AS restricted_until
     FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [memberId],
  );
  return row ?? null;
}

export async function memberPhotos(
  db: Db,
  memberId: number,
): Promise<{ id: number; filename: string; thumb_filename: string; status: 'approved' | 'pending' | 'rejected' }[]> {
  return db.query(`SELECT id, filename, thumb_filename, status FROM photos WHERE user_id = $1 ORDER BY position, id`, [memberId]);
}

export interface QueuedReportRow {
  id: number;
  target_kind: 'profile' | 'message' | 'photo';
  target_id: number;
  reason: string;
  details: string;
  evidence: { messages?: EvidenceMessage[] };
  created_at: Date;
  reporter_id: number | null;
  filed: number;
  upheld: number;
}

/** The member's open reports, oldest first, each with its reporter's track record (filed, upheld). */
export async function openReportsAbout(db: Db, memberId: number): Promise<QueuedReportRow[]> {
  return db.query<QueuedReportRow>(
    `SELECT r.id, r.target_kind, r.target_id, r.reason, r.details, r.evidence, r.created_at, r.reporter_id,
            coalesce(t.filed, 0) AS filed, coalesce(t.upheld, 0) AS upheld
     FROM safety_reports r
     LEFT JOIN LATERAL (
       SELECT count(*)::int AS filed, (count(*) FILTER (WHERE x.status = 'action_taken'))::int AS upheld
       FROM safety_reports x WHERE x.reporter_id = r.reporter_id
     ) t ON r.reporter_id IS NOT NULL
     WHERE r.member_id = $1 AND r.status = 'open' ORDER BY r.id`,
    [memberId],
  );
}

export interface DecisionSummaryRow {
  id: number;
  action: string;
  rule: string;
  created_at: Date;
  reversed: boolean;
}

export async function earlierDecisions(db: Db, memberId: number): Promise<DecisionSummaryRow[]> {
  return db.query<DecisionSummaryRow>(
    `SELECT id, action, rule, created_at, reversed_at IS NOT NULL AS reversed
     FROM safety_decisions WHERE member_id = $1 ORDER BY id DESC LIMIT 50`,
    [memberId],
  );
}

export interface NoticeRow {
  id: number;
  name: string;
  email: string;
  content_url: string;
  explanation: string;
  created_at: Date;
}

export async function openNotices(db: Db, siteId: number, limit: number): Promise<NoticeRow[]> {
  return db.query<NoticeRow>(
    `SELECT id, name, email, content_url, explanation, created_at FROM safety_notices
     WHERE site_id = $1 AND status = 'open' ORDER BY id LIMIT $2`,
    [siteId, limit],
  );
}

export interface DecisionRow {
  id: number;
  site_id: number;
  member_id: number;
  moderator_id: number | null;
  action: 'dismiss' | 'remove_content' | 'warn' | 'restrict' | 'suspend' | 'ban';
  content_kind: 'photo' | 'message' | 'profile_text' | null;
  content_id: number | null;
  removed: Record<string, unknown> | null;
  days: number | null;
  until: string | null;
  rule: 'fake_scam_spam' | 'harassment_hate' | 'unwanted_sexual' | 'underage' | 'illegal' | 'other';
  facts: string;
  source: 'report' | 'notice' | 'own_initiative';
  automated: boolean;
  created_at: Date;
  reversed_at: Date | null;
  appeal_until: Date;
}

/** A decision as the API needs it; an appeal may be filed within six months of it. */
const DECISION_COLUMNS = `d.id, d.site_id, d.member_id, d.moderator_id, d.action, d.content_kind, d.content_id, d.removed, d.days,
  ${isoOrInfinity('d.until')} AS until, d.rule, d.facts, d.source, d.automated, d.created_at, d.reversed_at,
  d.created_at + interval '6 months' AS appeal_until`;

export async function insertDecision(
  db: Db,
  d: {
    siteId: number;
    memberId: number;
    moderatorId: number;
    action: string;
    contentKind: string | null;
    contentId: number | null;
    removed: unknown;
    days: number | null;
    rule: string;
    facts: string;
    source: string;
  },
): Promise<{ id: number; until: string | null }> {
  const [row] = await db.query<{ id: number; until: string | null }>(
    `INSERT INTO safety_decisions (site_id, member_id, moderator_id, action, content_kind, content_id, removed, days, until, rule, facts, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             CASE WHEN $4 = 'ban' THEN 'infinity'::timestamptz
                  WHEN $8::int IS NOT NULL THEN now() + make_interval(days => $8::int) END,
             $9, $10, $11)
     RETURNING id, ${isoOrInfinity('until')} AS until`,
    [
      d.siteId,
      d.memberId,
      d.moderatorId,
      d.action,
      d.contentKind,
      d.contentId,
      d.removed === null ? null : JSON.stringify(d.removed),
      d.days,
      d.rule,
      d.facts,
      d.source,
    ],
  );
  if (!row) throw new Error('decision insert returned no row');
  return row;
}

/** Marks the listed open reports about the member decided; answers those it took (fewer when some were decided). */
export async function decideReports(
  db: Db,
  q: { siteId: number; memberId: number; ids: number[]; status: string; decisionId: number },
): Promise<{ id: number; reporter_id: number | null; language: string }[]> {
  return db.query(
    `UPDATE safety_reports SET status = $4, decision_id = $5, decided_at = now(), updated_at = now()
     WHERE id = ANY($3::int[]) AND site_id = $1 AND member_id = $2 AND status = 'open'
     RETURNING id, reporter_id, language`,
    [q.siteId, q.memberId, q.ids, q.status, q.decisionId],
  );
}

/** Marks the open notice handled; answers whom to tell, or null when it was handled before. */
export async function handleNotice(db: Db, siteId: number, noticeId: number): Promise<{ email: string; language: string } | null> {
  const [row] = await db.query<{ email: string; language: string }>(
    `UPDATE safety_notices SET status = 'handled', updated_at = now() WHERE id = $1 AND site_id = $2 AND status = 'open'
     RETURNING email, language`,
    [noticeId, siteId],
  );
  return row ?? null;
}

export async function insertStatementToken(db: Db, decisionId: number, tokenHash: string): Promise<void> {
  await db.query('INSERT INTO safety_statement_tokens (token_hash, decision_id) VALUES ($1, $2)', [tokenHash, decisionId]);
}

export async function decisionByToken(db: Db, decisionId: number, tokenHash: string): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM safety_decisions d JOIN safety_statement_tokens t ON t.decision_id = d.id
     WHERE d.id = $1 AND t.token_hash = $2`,
    [decisionId, tokenHash],
  );
  return row ?? null;
}

export async function decisionById(db: Db, siteId: number, decisionId: number): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow>(`SELECT ${DECISION_COLUMNS} FROM safety_decisions d WHERE d.id = $1 AND d.site_id = $2`, [
    decisionId,
    siteId,
  ]);
  return row ?? null;
}

/** Statements (every decision but a dismissal) about the member, newest first. */
export async function statementsOf(db: Db, memberId: number, id: number | null = null): Promise<DecisionRow[]> {
  return db.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM safety_decisions d
     WHERE d.member_id = $1 AND d.action <> 'dismiss' AND ($2::int IS NULL OR d.id = $2) ORDER BY d.id DESC LIMIT 200`,
    [memberId, id],
  );
}

export async function memberAppeals(
  db: Db,
  memberId: number,
): Promise<{ id: number; decision_id: number; status: 'open' | 'upheld' | 'reversed' }[]> {
  return db.query(`SELECT id, decision_id, status FROM safety_appeals WHERE appellant_id = $1 AND role = 'member'`, [memberId]);
}

/** Whether the member filed one of the decision's reports. */
export async function isReporterOf(db: Db, decisionId: number, userId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM safety_reports WHERE decision_id = $1 AND reporter_id = $2 LIMIT 1', [decisionId, userId]);
  return rows.length === 1;
}

export async function insertAppeal(
  db: Db,
  a: { decisionId: number; appellantId: number; role: 'member' | 'reporter'; text: string; language: string },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO safety_appeals (decision_id, appellant_id, role, text, language) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (decision_id, role, appellant_id) DO NOTHING RETURNING id`,
    [a.decisionId, a.appellantId, a.role, a.text, a.language],
  );
  return row?.id ?? null;
}

export interface QueuedAppealRow {
  id: number;
  role: 'member' | 'reporter';
  text: string;
  created_at: Date;
  decision_id: number;
  member_id: number;
  action: DecisionRow['action'];
  rule: DecisionRow['rule'];
  facts: string;
  decided_at: Date;
  moderator_id: number | null;
}

export async function openAppeals(db: Db, siteId: number): Promise<QueuedAppealRow[]> {
  return db.query<QueuedAppealRow>(
    `SELECT a.id, a.role, a.text, a.created_at, d.id AS decision_id, d.member_id, d.action, d.rule, d.facts,
            d.created_at AS decided_at, d.moderator_id
     FROM safety_appeals a JOIN safety_decisions d ON d.id = a.decision_id
     WHERE a.status = 'open' AND d.site_id = $1 ORDER BY a.id LIMIT 100`,
    [siteId],
  );
}

/** The appeal with its decision, locked: a second moderator deciding it waits, then finds it decided. */
export async function lockAppeal(
  db: Db,
  siteId: number,
  appealId: number,
): Promise<{ status: string; appellant_id: number | null; language: string; decision: DecisionRow } | null> {
  const [row] = await db.query<{ status: string; appellant_id: number | null; language: string; decision_id: number }>(
    `SELECT a.status, a.appellant_id, a.language, a.decision_id FROM safety_appeals a
     JOIN safety_decisions d ON d.id = a.decision_id WHERE a.id = $1 AND d.site_id = $2 FOR UPDATE OF a`,
    [appealId, siteId],
  );
  if (!row) return null;
  const decision = await decisionById(db, siteId, row.decision_id);
  return decision ? { status: row.status, appellant_id: row.appellant_id, language: row.language, decision } : null;
}

export async function closeAppeal(
  db: Db,
  appealId: number,
  q: { status: string; moderatorId: number; explanation: string },
): Promise<void> {
  await db.query(
    `UPDATE safety_appeals SET status = $2, decided_by = $3, decided_at = now(), explanation = $4, updated_at = now() WHERE id = $1`,
    [appealId, q.status, q.moderatorId, q.explanation],
  );
}

/** Records the reversal; false when it was reversed before. */
export async function markReversed(db: Db, decisionId: number, moderatorId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE safety_decisions SET reversed_at = now(), reversed_by = $2, updated_at = now()
     WHERE id = $1 AND reversed_at IS NULL RETURNING id`,
    [decisionId, moderatorId],
  );
  return rows.length === 1;
}

/** A reversed dismissal: its reports are open again (unless the reporter filed a new one about the same target). */
export async function reopenReports(db: Db, decisionId: number): Promise<void> {
  await db.query(
    `UPDATE safety_reports r SET status = 'open', decision_id = NULL, decided_at = NULL, updated_at = now()
     WHERE r.decision_id = $1 AND NOT EXISTS (
       SELECT 1 FROM safety_reports o WHERE o.reporter_id = r.reporter_id AND o.target_kind = r.target_kind
         AND o.target_id = r.target_id AND o.status = 'open')`,
    [decisionId],
  );
}
