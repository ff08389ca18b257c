import { raw, sql, type Db } from '../../lib/db';
import { decisionById, isoOrInfinity, type DecisionRow } from './decision-repository';

/** SQL of appeals against decisions: filing one, the moderators' appeal queue, and deciding one. */

export async function memberAppeals(
  db: Db,
  memberId: number,
): Promise<{ id: number; decision_id: number; status: 'open' | 'upheld' | 'reversed' }[]> {
  return db.query(sql`SELECT id, decision_id, status FROM safety_appeals WHERE appellant_id = ${memberId} AND role = 'member'`);
}

/** Whether the member filed one of the decision's reports. */
export async function isReporterOf(db: Db, decisionId: number, userId: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM safety_reports WHERE decision_id = ${decisionId} AND reporter_id = ${userId} LIMIT 1`);
  return rows.length === 1;
}

export async function insertAppeal(
  db: Db,
  a: { decisionId: number; appellantId: number; role: 'member' | 'reporter'; text: string; language: string },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    sql`INSERT INTO safety_appeals (decision_id, appellant_id, role, text, language)
        VALUES (${a.decisionId}, ${a.appellantId}, ${a.role}, ${a.text}, ${a.language})
        ON CONFLICT (decision_id, role, appellant_id) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

export interface QueuedAppealRow {
  id: number;
  role: 'member' | 'reporter';
  text: string;
  created_at: Date;
  appellant_id: number | null;
  decision_id: number;
  member_id: number;
  /** The member's profile name and text now. */
  member_name: string;
  member_about: string;
  action: DecisionRow['action'];
  rule: DecisionRow['rule'];
  facts: string;
  decided_at: Date;
  moderator_id: number | null;
  days: number | null;
  until: string | null;
  source: DecisionRow['source'];
  content_kind: DecisionRow['content_kind'];
  content_id: number | null;
  /** What a removal took away and the decision kept (a message's `body`, the profile's `about`, a photo's `status`). */
  removed: Record<string, unknown> | null;
  category: string | null;
  category_specification: string | null;
}

/** The open appeals of the site, oldest first, each with the decision it contests and the member that is about. */
export async function openAppeals(db: Db, siteId: number): Promise<QueuedAppealRow[]> {
  return db.query<QueuedAppealRow>(
    sql`SELECT a.id, a.role, a.text, a.created_at, a.appellant_id, d.id AS decision_id, d.member_id,
               coalesce(p.name, '') AS member_name, coalesce(p.about, '') AS member_about, d.action, d.rule, d.facts,
               d.created_at AS decided_at, d.moderator_id, d.days, ${isoOrInfinity(raw('d.until'))} AS until, d.source,
               d.content_kind, d.content_id, d.removed, d.category, d.category_specification
        FROM safety_appeals a JOIN safety_decisions d ON d.id = a.decision_id
        LEFT JOIN profiles p ON p.user_id = d.member_id
        WHERE a.status = 'open' AND d.site_id = ${siteId} ORDER BY a.id LIMIT 100`,
  );
}

/** The member's photos of these ids (any status: a removed one is what an appeal is about). */
export async function photosByIds(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; user_id: number; filename: string; thumb_filename: string; status: 'approved' | 'pending' | 'rejected' }[]> {
  if (ids.length === 0) return [];
  return db.query(sql`SELECT id, user_id, filename, thumb_filename, status FROM photos WHERE id = ANY(${[...ids]}::int[])`);
}

/** The messages of these ids: who sent them, when, and whether moderation removed them. */
export async function messagesByIds(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; sender_id: number; kind: string; body: string; created_at: Date; removed_at: Date | null }[]> {
  if (ids.length === 0) return [];
  return db.query(sql`SELECT id, sender_id, kind, body, created_at, removed_at FROM messages WHERE id = ANY(${[...ids]}::int[])`);
}

/** The appeal with its decision, locked: a second moderator deciding it waits, then finds it decided. */
export async function lockAppeal(
  db: Db,
  siteId: number,
  appealId: number,
): Promise<{ status: string; appellant_id: number | null; language: string; decision: DecisionRow } | null> {
  const [row] = await db.query<{ status: string; appellant_id: number | null; language: string; decision_id: number }>(
    sql`SELECT a.status, a.appellant_id, a.language, a.decision_id FROM safety_appeals a
        JOIN safety_decisions d ON d.id = a.decision_id WHERE a.id = ${appealId} AND d.site_id = ${siteId} FOR UPDATE OF a`,
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
    sql`UPDATE safety_appeals SET status = ${q.status}, decided_by = ${q.moderatorId}, decided_at = now(), explanation = ${q.explanation},
          updated_at = now()
        WHERE id = ${appealId}`,
  );
}
