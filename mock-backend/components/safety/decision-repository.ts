import { empty, raw, sql, statement, type Db, type Sql } from '../../lib/db';

/** SQL of moderators' decisions: the decision row (the statement of reasons), its reports, tokens and reversal. */

/**
 * A timestamptz column (a fixed fragment, `raw('d.until')`) as ISO text, `infinity` for a ban (the drivers disagree
 * on how they parse infinity).
 */
export const isoOrInfinity = (column: Sql): Sql =>
  sql`CASE WHEN ${column} IS NULL THEN NULL WHEN ${column} = 'infinity' THEN 'infinity'
        ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

export interface DecisionRow {
  id: number;
  site_id: number;
  member_id: number;
  moderator_id: number | null;
  action: 'dismiss' | 'remove_content' | 'warn' | 'restrict' | 'suspend' | 'ban' | 'hide';
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
const DECISION_COLUMNS = sql`d.id, d.site_id, d.member_id, d.moderator_id, d.action, d.content_kind, d.content_id, d.removed, d.days,
  ${isoOrInfinity(raw('d.until'))} AS until, d.rule, d.facts, d.source, d.automated, d.created_at, d.reversed_at,
  d.created_at + interval '6 months' AS appeal_until`;

export async function insertDecision(
  db: Db,
  d: {
    siteId: number;
    memberId: number;
    /** Null for an automated decision. */
    moderatorId: number | null;
    automated?: boolean;
    action: string;
    contentKind: string | null;
    contentId: number | null;
    removed: unknown;
    days: number | null;
    rule: string;
    facts: string;
    source: string;
    /** The Transparency Database's category and keyword the moderator chose (none for the automation's). */
    category?: string | null;
    categorySpecification?: string | null;
  },
): Promise<{ id: number; until: string | null }> {
  const until =
    d.action === 'ban' || d.action === 'hide'
      ? sql`'infinity'::timestamptz`
      : d.days !== null
        ? sql`now() + make_interval(days => ${d.days}::int)`
        : sql`NULL`;
  const [row] = await db.query<{ id: number; until: string | null }>(
    sql`INSERT INTO safety_decisions (site_id, member_id, moderator_id, action, content_kind, content_id, removed, days, until, rule, facts, source, automated,
                                   category, category_specification)
        VALUES (${d.siteId}, ${d.memberId}, ${d.moderatorId}, ${d.action}, ${d.contentKind}, ${d.contentId},
                ${d.removed === null ? null : JSON.stringify(d.removed)}, ${d.days}, ${until}, ${d.rule}, ${d.facts}, ${d.source},
                ${d.automated ?? false}, ${d.category ?? null}, ${d.categorySpecification ?? null})
        RETURNING id, ${isoOrInfinity(raw('until'))} AS until`,
  );
  if (!row) throw new Error('decision insert returned no row');
  return row;
}

/**
 * Locks the member's row to the end of the transaction: decisions about one member are taken one at a time, so a
 * second one waits here and then sees what the first recorded.
 */
export async function lockMember(db: Db, memberId: number): Promise<void> {
  await db.query(sql`SELECT id FROM users WHERE id = ${memberId} FOR UPDATE`);
}

/** How long an own-initiative decision counts as the same one when it is taken again (a retry, a second moderator). */
const DUPLICATE_WINDOW_MINUTES = 10;

/**
 * Whether the same own-initiative decision about the member (action, rule, content and days; the facts may differ)
 * was recorded in the last minutes and stands.
 */
export async function sameDecisionRecently(
  db: Db,
  d: { memberId: number; action: string; rule: string; contentKind: string | null; contentId: number | null; days: number | null },
): Promise<boolean> {
  const rows = await db.query(
    sql`SELECT 1 FROM safety_decisions
        WHERE member_id = ${d.memberId} AND source = 'own_initiative' AND action = ${d.action} AND rule = ${d.rule}
          AND content_kind IS NOT DISTINCT FROM ${d.contentKind}::text AND content_id IS NOT DISTINCT FROM ${d.contentId}::int
          AND days IS NOT DISTINCT FROM ${d.days}::int AND reversed_at IS NULL
          AND created_at > now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES})
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** Marks the listed open reports about the member decided; answers those it took (fewer when some were decided). */
export async function decideReports(
  db: Db,
  q: { siteId: number; memberId: number; ids: number[]; status: string; decisionId: number },
): Promise<{ id: number; reporter_id: number | null; language: string }[]> {
  return db.query(
    sql`UPDATE safety_reports SET status = ${q.status}, decision_id = ${q.decisionId}, decided_at = now(), updated_at = now()
        WHERE id = ANY(${q.ids}::int[]) AND site_id = ${q.siteId} AND member_id = ${q.memberId} AND status = 'open'
        RETURNING id, reporter_id, language`,
  );
}

/** What a statement token opens: the statement mail's only the statement and its appeal; see insertSuspendedToken. */
type TokenScope = 'statement' | 'suspended';

/** The statement mail's token: reads the statement and appeals it, for as long as the statement exists. */
export async function insertStatementToken(db: Db, decisionId: number, tokenHash: string): Promise<void> {
  await db.query(sql`INSERT INTO safety_statement_tokens (token_hash, decision_id) VALUES (${tokenHash}, ${decisionId})`);
}

/**
 * The refused login's token of a suspended member: besides the statement, what he may still do without a session,
 * for `hours`, and only while his password stays the one it was issued under (the users row's device epoch).
 */
export async function insertSuspendedToken(db: Db, decisionId: number, tokenHash: string, hours: number): Promise<void> {
  await db.query(
    sql`INSERT INTO safety_statement_tokens (token_hash, decision_id, scope, password_epoch, expires_at)
        SELECT ${tokenHash}, d.id, 'suspended', u.device_epoch, now() + make_interval(hours => ${hours}::int)
        FROM safety_decisions d JOIN users u ON u.id = d.member_id WHERE d.id = ${decisionId}`,
  );
}

/**
 * The decision a token of the wanted scope opens: the statement is read with either kind, what a suspended member
 * may still do only with a suspended token. A suspended token ends with its hours or a change of the password.
 */
export async function decisionByToken(
  db: Db,
  decisionId: number,
  tokenHash: string,
  scope: TokenScope = 'statement',
): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow>(
    sql`SELECT ${DECISION_COLUMNS} FROM safety_decisions d JOIN safety_statement_tokens t ON t.decision_id = d.id
        WHERE d.id = ${decisionId} AND t.token_hash = ${tokenHash}
          AND (t.scope = ${scope} OR ${scope} = 'statement')
          AND (t.scope = 'statement'
               OR (t.expires_at > now() AND t.password_epoch = (SELECT u.device_epoch FROM users u WHERE u.id = d.member_id)))`,
  );
  return row ?? null;
}

export async function decisionById(db: Db, siteId: number, decisionId: number): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow>(
    sql`SELECT ${DECISION_COLUMNS} FROM safety_decisions d WHERE d.id = ${decisionId} AND d.site_id = ${siteId}`,
  );
  return row ?? null;
}

/** Statements (every decision but a dismissal) about the member, newest first. */
export async function statementsOf(db: Db, memberId: number, id: number | null = null): Promise<DecisionRow[]> {
  return db.query<DecisionRow>(
    sql`SELECT ${DECISION_COLUMNS} FROM safety_decisions d
        WHERE d.member_id = ${memberId} AND d.action <> 'dismiss' ${id === null ? empty : sql`AND d.id = ${id}`}
        ORDER BY d.id DESC LIMIT 200`,
  );
}

/**
 * The newest statement about the member that stands and that he has not opened yet (the notice on his pages), or null.
 * Every page of his asks (GET user.php): prepared once, read from its partial index.
 */
const unreadStatementOf = statement(
  'safety_unread_statement',
  (memberId: number) =>
    sql`SELECT id, action, created_at FROM safety_decisions
        WHERE member_id = ${memberId} AND read_at IS NULL AND action <> 'dismiss' AND reversed_at IS NULL
        ORDER BY id DESC LIMIT 1`,
);

export async function unreadStatement(
  db: Db,
  memberId: number,
): Promise<{ id: number; action: Exclude<DecisionRow['action'], 'dismiss'>; created_at: Date } | null> {
  const [row] = await db.query<{ id: number; action: Exclude<DecisionRow['action'], 'dismiss'>; created_at: Date }>(
    unreadStatementOf(memberId),
  );
  return row ?? null;
}

/** The member opened his statement: it is read from now on (the first opening counts). */
export async function markStatementRead(db: Db, decisionId: number, memberId: number): Promise<void> {
  await db.query(
    sql`UPDATE safety_decisions SET read_at = now(), updated_at = now()
        WHERE id = ${decisionId} AND member_id = ${memberId} AND read_at IS NULL`,
  );
}

/** Records the reversal; false when it was reversed before. */
export async function markReversed(db: Db, decisionId: number, moderatorId: number): Promise<boolean> {
  const rows = await db.query(
    sql`UPDATE safety_decisions SET reversed_at = now(), reversed_by = ${moderatorId}, updated_at = now()
        WHERE id = ${decisionId} AND reversed_at IS NULL RETURNING id`,
  );
  return rows.length === 1;
}

/** A reversed dismissal: its reports are open again (unless the reporter filed a new one about the same target). */
export async function reopenReports(db: Db, decisionId: number): Promise<void> {
  await db.query(
    sql`UPDATE safety_reports r SET status = 'open', decision_id = NULL, decided_at = NULL, updated_at = now()
        WHERE r.decision_id = ${decisionId} AND NOT EXISTS (
          SELECT 1 FROM safety_reports o WHERE o.reporter_id = r.reporter_id AND o.target_kind = r.target_kind
            AND o.target_id = r.target_id AND o.status = 'open')`,
  );
}
