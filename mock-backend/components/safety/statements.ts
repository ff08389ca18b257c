import { randomBytes } from 'node:crypto';
import type { Schemas } from '../../lib/api-types';
import type { Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, notFound } from '../../lib/errors';
import { hashToken, iso, statementPath } from './common';
import * as effects from './effects';
import * as repo from './repository';

/** Statements of reasons: the member's own, one by id or by its token, and the refused login of a suspended member. */

type Statement = Schemas['Statement'];

/** How long a refused login's token refunds and exports: a sitting's work; he logs in again for a new one. */
const SUSPENDED_TOKEN_HOURS = 2;

function toStatement(d: repo.DecisionRow, appeal: { id: number; status: 'open' | 'upheld' | 'reversed' } | null): Statement {
  return {
    id: d.id,
    action: d.action,
    content: d.content_kind ? { kind: d.content_kind, id: d.content_id } : null,
    days: d.days,
    until: d.until,
    facts: d.facts,
    rule: d.rule,
    source: d.source,
    automated: d.automated,
    created_at: iso(d.created_at),
    reversed_at: d.reversed_at ? iso(d.reversed_at) : null,
    appeal_until: iso(d.appeal_until),
    appeal,
    redress: ['internal_appeal', 'out_of_court_settlement', 'court'],
  };
}

export async function listStatements(db: Db, viewer: Viewer | null): Promise<Schemas['StatementList']> {
  if (!viewer) throw authenticationRequired();
  const [rows, appeals] = await Promise.all([repo.statementsOf(db, viewer.userId), repo.memberAppeals(db, viewer.userId)]);
  const byDecision = new Map(appeals.map((a) => [a.decision_id, { id: a.id, status: a.status }]));
  return { statements: rows.map((d) => toStatement(d, byDecision.get(d.id) ?? null)) };
}

/**
 * One statement: with the mail's token (no session needed), or to the member it is about; anything else 404. A token
 * reads a statement of the site it was asked on only: another site's answers as an unknown one.
 */
export async function getStatement(
  db: Db,
  viewer: Viewer | null,
  siteId: number,
  id: number,
  token: string | undefined,
): Promise<Statement> {
  let decision: repo.DecisionRow | null;
  if (token) {
    decision = await repo.decisionByToken(db, id, hashToken(token));
    if (decision?.action === 'dismiss' || decision?.site_id !== siteId) decision = null;
  } else {
    if (!viewer) throw authenticationRequired();
    decision = (await repo.statementsOf(db, viewer.userId, id))[0] ?? null;
  }
  if (!decision) throw notFound();
  // Opened by its member in his session, the statement is read: the notice on his pages goes. A token alone (a mail
  // scanner follows the link too) reads it without marking it.
  if (viewer?.userId === decision.member_id) await repo.markStatementRead(db, decision.id, decision.member_id);
  const appeal = (await repo.memberAppeals(db, decision.member_id)).find((a) => a.decision_id === decision.id);
  return toStatement(decision, appeal ? { id: appeal.id, status: appeal.status } : null);
}

/**
 * The notice on the member's pages (GET user.php): his newest statement of reasons that stands and that he has not
 * opened yet with his session, or null. A dismissal has no statement, so it never shows.
 */
export async function unreadStatement(db: Db, memberId: number): Promise<Schemas['UnreadStatement'] | null> {
  const row = await repo.unreadStatement(db, memberId);
  return row ? { id: row.id, action: row.action, created_at: iso(row.created_at) } : null;
}

/**
 * The member a suspended token (of his refused login) stands for while he is suspended or banned (he has no session
 * and cannot log in): what he may still do with it besides appealing — the refund of his unused credits and the
 * export of his data. The statement mail's token opens only the statement: like a wrong token, an expired one, one
 * issued before a password change, of another site or of a dismissal, it is 404; the token of a member who may log
 * in is 403 (he logs in instead).
 */
export async function suspendedMemberByToken(db: Db, siteId: number, id: number, token: string): Promise<number> {
  const decision = await repo.decisionByToken(db, id, hashToken(token), 'suspended');
  if (!decision || decision.site_id !== siteId || decision.action === 'dismiss') throw notFound();
  if (!(await effects.suspensionOf(db, decision.member_id))) throw authenticationRequired();
  return decision.member_id;
}

/**
 * A refused login of a suspended or banned member (after the right password or a sign-in link): the code and a fresh
 * suspended token that reads the statement and appeals it without a session, and for SUSPENDED_TOKEN_HOURS also
 * refunds his unused credits and exports his data.
 */
export async function suspendedLogin(db: Db, memberId: number): Promise<AppError | null> {
  const suspension = await effects.suspensionOf(db, memberId);
  if (!suspension) return null;
  const token = randomBytes(16).toString('hex');
  await repo.insertSuspendedToken(db, suspension.decisionId, hashToken(token), SUSPENDED_TOKEN_HOURS);
  return new AppError(423, suspension.ban ? 'account_banned' : 'account_suspended', {
    params: { until: suspension.until, statement: suspension.decisionId, token, appeal_path: statementPath(suspension.decisionId, token) },
  });
}
