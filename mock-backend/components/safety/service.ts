import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, badRequest, notFound } from '../../lib/errors';
import type { MediaStore } from '../../lib/media-store';
import { enqueueMail, type Outbox } from '../../lib/outbox';
import { isLocale, type Locale } from '../../../src/shared/locales';
import { requireModerator } from '../moderation/index';
import { block } from '../privacy/index';
import * as effects from './effects';
import { renderAppealOutcome, renderOutcome, renderReceipt, renderStatement, type RenderedMail } from './mail-texts';
import * as repo from './repository';

export interface SafetyDeps {
  db: Db;
  media: MediaStore;
  logger: Logger;
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
}

export type ReportRequest = Schemas['ReportRequest'];
export type ReportReceipt = Schemas['ReportReceipt'];
export type NoticeRequest = Schemas['NoticeRequest'];
export type ReportDecisionRequest = Schemas['ReportDecisionRequest'];
export type Statement = Schemas['Statement'];
export type AppealRequest = Schemas['AppealRequest'];
export type AppealDecisionRequest = Schemas['AppealDecisionRequest'];

/** The page (built by the app) where a member reads a statement of reasons and appeals it. */
export const statementPath = (id: number, token?: string) => `/safety/statements/${id}${token ? `?token=${token}` : ''}`;

export const reportReference = (id: number) => `R-${String(id).padStart(6, '0')}`;
export const noticeReference = (id: number) => `N-${String(id).padStart(6, '0')}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const localeOf = (language: string | undefined, fallback: Locale = 'en'): Locale => (language && isLocale(language) ? language : fallback);
const iso = (d: Date | string) => new Date(d).toISOString();

async function mail(tx: Db, site: Site, to: string, topic: string, ref: string, rendered: RenderedMail): Promise<void> {
  const fromName = (site.mail_name || site.name).replace(/"/g, '');
  const fromAddress = site.support_email || `no-reply@${site.domain}`;
  await enqueueMail(tx, { topic, ref, to, from: `"${fromName}" <${fromAddress}>`, ...rendered });
}

function origin(publicUrl: string, site: Site, defaultSite: boolean): string {
  if (defaultSite) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = site.host;
  return url.origin;
}

async function linkOrigin(deps: SafetyDeps, db: Db, site: Site): Promise<string> {
  const [row] = await db.query<{ first: boolean }>('SELECT min(id) = $1 AS first FROM sites', [site.id]);
  return origin(deps.publicUrl, site, row?.first === true);
}

// ---------------------------------------------------------------------------------------------------- reports

/**
 * Files a member's report about another member's profile, message or photo. The target must be something the
 * reporter can see (his conversation's message, an approved photo, a member of the site); anything else is 404. A
 * repeat while the report is open answers its receipt again (`created: false`, 200). The receipt mail is written in
 * the report's transaction. `also_block` blocks the member afterwards, as block.php does — the message and its
 * context are kept with the report first, since a block removes the chat.
 */
export async function fileReport(
  deps: SafetyDeps,
  ctx: { site: Site; viewer: Viewer },
  input: ReportRequest,
): Promise<{ created: boolean; receipt: ReportReceipt }> {
  const { db, site } = { db: deps.db, site: ctx.site };
  const me = ctx.viewer.userId;
  const details = (input.details ?? '').trim();
  if (input.reason === 'illegal' && details === '') throw new AppError(422, 'details_required', { params: { field: 'details' } });
  const { kind, id } = input.target;
  let memberId: number;
  let evidence: unknown = {};
  if (kind === 'profile') {
    if (id === me) throw new AppError(422, 'report_self', { params: { field: 'target' } });
    if (!(await repo.siteMember(db, site.id, id))) throw notFound();
    memberId = id;
  } else if (kind === 'photo') {
    const owner = await repo.reportablePhoto(db, site.id, id);
    if (owner === null) throw notFound();
    if (owner === me) throw new AppError(422, 'report_self', { params: { field: 'target' } });
    memberId = owner;
  } else {
    const message = await repo.reportableMessage(db, site.id, me, id);
    if (!message) throw notFound();
    if (message.sender_id === me) throw new AppError(422, 'report_self', { params: { field: 'target' } });
    memberId = message.sender_id;
    evidence = { messages: await repo.messageContext(db, message.conversation_id, id) };
  }
  const blocked = input.also_block === true;
  const existing = await repo.findOpenReport(db, me, kind, id);
  if (existing) {
    if (blocked) await block(deps, site.id, me, memberId);
    return { created: false, receipt: { id: existing.id, reference: reportReference(existing.id), status: existing.status, blocked } };
  }
  const result = await db.transaction(async (tx) => {
    const reporter = await repo.mailAddress(tx, me);
    const language = localeOf(reporter?.language, ctx.viewer.language);
    const reportId = await repo.insertReport(tx, {
      siteId: site.id,
      reporterId: me,
      memberId,
      kind,
      targetId: id,
      reason: input.reason,
      details,
      evidence,
      language,
    });
    // Another request of his filed it a moment ago: that one's receipt.
    if (reportId === null) return { created: false, id: (await repo.findOpenReport(tx, me, kind, id))?.id ?? 0 };
    if (reporter) {
      const reference = reportReference(reportId);
      await mail(
        tx,
        site,
        reporter.email,
        'report_receipt',
        `report:${reportId}`,
        renderReceipt('report', language, { site: site.name, reference }),
      );
    }
    return { created: true, id: reportId };
  });
  if (result.created) deps.outbox.kick();
  if (blocked) await block(deps, site.id, me, memberId);
  return { created: result.created, receipt: { id: result.id, reference: reportReference(result.id), status: 'open', blocked } };
}

export async function listMyReports(db: Db, viewer: Viewer): Promise<Schemas['MyReports']> {
  const rows = await repo.listMyReports(db, viewer.userId);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      reference: reportReference(r.id),
      target: { kind: r.target_kind, id: r.target_id },
      reason: r.reason as ReportRequest['reason'],
      status: r.status,
      created_at: iso(r.created_at),
      decided_at: r.decided_at ? iso(r.decided_at) : null,
      decision: r.decision_id,
    })),
  };
}

/**
 * A notice of illegal content from anyone. The answer is the same for every address (no enumeration): the notice
 * is stored and its receipt mailed to the given address in the visitor's language.
 */
export async function submitNotice(
  deps: SafetyDeps,
  ctx: { site: Site; language: Locale },
  input: NoticeRequest,
): Promise<{ reference: string }> {
  const [name, email, url, explanation] = [input.name, input.email, input.content_url, input.explanation].map((v) => v.trim()) as [
    string,
    string,
    string,
    string,
  ];
  if (name === '' || url === '' || explanation === '') throw badRequest();
  const reference = await deps.db.transaction(async (tx) => {
    const id = await repo.insertNotice(tx, { siteId: ctx.site.id, name, email, url, explanation, language: ctx.language });
    const ref = noticeReference(id);
    await mail(
      tx,
      ctx.site,
      email,
      'notice_receipt',
      `notice:${id}`,
      renderReceipt('notice', ctx.language, { site: ctx.site.name, reference: ref }),
    );
    return ref;
  });
  deps.outbox.kick();
  return { reference };
}

// ---------------------------------------------------------------------------------------------------- moderation

/** The open reports grouped per reported member, the longest-waiting member first, with what a moderator needs. */
export async function listQueue(db: Db, viewer: Viewer | null, siteId: number, limit: number): Promise<Schemas['ReportQueue']> {
  await requireModerator(db, viewer);
  const members = await repo.queueMembers(db, siteId, limit);
  const cases: Schemas['ReportCase'][] = [];
  for (const memberId of members) {
    const member = await repo.caseMember(db, memberId);
    if (!member) continue;
    const [photos, reports, decisions] = await Promise.all([
      repo.memberPhotos(db, memberId),
      repo.openReportsAbout(db, memberId),
      repo.earlierDecisions(db, memberId),
    ]);
    cases.push({
      member: {
        id: member.id,
        name: member.name,
        about: member.about,
        signup_date: iso(member.signup_date),
        account_age_days: member.account_age_days,
        photos: photos.map((p) => ({
          id: p.id,
          filename: p.filename,
          thumb_filename: p.thumb_filename,
          match_path: p.filename,
          status: p.status,
          locked: false,
        })),
        suspended_until: member.suspended_until,
        restricted_until: member.restricted_until,
      },
      reports: reports.map((r) => ({
        id: r.id,
        target: { kind: r.target_kind, id: r.target_id },
        reason: r.reason as ReportRequest['reason'],
        details: r.details,
        created_at: iso(r.created_at),
        reporter: { id: r.reporter_id, filed: r.filed, upheld: r.upheld },
        messages: (r.evidence.messages ?? []).map((m) => ({
          id: m.id,
          from_member: m.sender_id === memberId,
          text: m.body,
          sent_at: m.created_at,
          reported: r.target_kind === 'message' && m.id === r.target_id,
        })),
      })),
      earlier_decisions: decisions.map((d) => ({
        id: d.id,
        action: d.action as Schemas['SafetyAction'],
        rule: d.rule as ReportRequest['reason'],
        created_at: iso(d.created_at),
        reversed: d.reversed,
      })),
    });
  }
  const notices = await repo.openNotices(db, siteId, 50);
  return {
    cases,
    notices: notices.map((n) => ({ ...n, reference: noticeReference(n.id), created_at: iso(n.created_at) })),
  };
}

/**
 * A moderator's decision about a member. The listed reports are taken only while each is still open (a row update
 * that waits for a concurrent decision's lock and then finds them decided): the loser gets 409 reports_decided and
 * nothing changes. Every action but dismiss gets a statement of reasons, stored (the decision row) and mailed with
 * a token that reads it without a session; every reporter gets the bare outcome.
 */
export async function decide(
  deps: SafetyDeps,
  viewer: Viewer | null,
  site: Site,
  input: ReportDecisionRequest,
): Promise<Schemas['ReportDecisionResult']> {
  const moderator = await requireModerator(deps.db, viewer);
  const { action } = input;
  const facts = input.facts.trim();
  if (facts === '') throw new AppError(422, 'invalid_value', { params: { field: 'facts' } });
  if (action === 'remove_content' && !input.content) throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
  if (input.content && input.content.kind !== 'profile_text' && input.content.id === undefined)
    throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
  if ((action === 'restrict' || action === 'suspend') && input.days === undefined)
    throw new AppError(422, 'invalid_value', { params: { field: 'days' } });
  if (action === 'dismiss' && input.reports.length === 0 && input.notice === undefined)
    throw new AppError(422, 'invalid_value', { params: { field: 'reports' } });
  if (!(await repo.siteMember(deps.db, site.id, input.member))) throw notFound();
  const memberId = input.member;
  const token = randomBytes(16).toString('hex');
  const result = await deps.db.transaction(async (tx) => {
    let removed: Record<string, unknown> | null = null;
    const content = action === 'remove_content' ? (input.content ?? null) : null;
    if (content) {
      removed = await effects.removeContent(tx, memberId, content.kind, content.id ?? null);
      if (!removed) throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
    }
    const source = input.reports.length > 0 ? 'report' : input.notice !== undefined ? 'notice' : 'own_initiative';
    const decision = await repo.insertDecision(tx, {
      siteId: site.id,
      memberId,
      moderatorId: moderator.userId,
      action,
      contentKind: content?.kind ?? null,
      contentId: content?.kind === 'profile_text' ? null : (content?.id ?? null),
      removed,
      days: action === 'restrict' || action === 'suspend' ? (input.days ?? null) : null,
      rule: input.rule,
      facts,
      source,
    });
    const status = action === 'dismiss' ? 'no_violation' : 'action_taken';
    const taken = await repo.decideReports(tx, { siteId: site.id, memberId, ids: input.reports, status, decisionId: decision.id });
    if (taken.length !== input.reports.length) throw new AppError(409, 'reports_decided');
    const notifier = input.notice === undefined ? null : await repo.handleNotice(tx, site.id, input.notice);
    if (input.notice !== undefined && !notifier) throw new AppError(409, 'reports_decided');
    if (action === 'restrict' || action === 'suspend' || action === 'ban') await effects.recomputeEffects(tx, memberId);
    if (action === 'suspend' || action === 'ban') await effects.endSessions(tx, memberId);
    if (action === 'ban') await effects.banAddress(tx, site.id, memberId, decision.id);
    const linkBase = await linkOrigin(deps, tx, site);
    if (action !== 'dismiss') {
      await repo.insertStatementToken(tx, decision.id, hashToken(token));
      const member = await repo.mailAddress(tx, memberId);
      if (member) {
        const rendered = renderStatement(localeOf(member.language), {
          site: site.name,
          action,
          until: decision.until,
          facts,
          rule: input.rule,
          source,
          link: `${linkBase}${statementPath(decision.id, token)}`,
        });
        await mail(tx, site, member.email, 'statement_of_reasons', `decision:${decision.id}`, rendered);
      }
    }
    for (const report of taken) {
      if (report.reporter_id === null) continue;
      const reporter = await repo.mailAddress(tx, report.reporter_id);
      if (!reporter) continue;
      const rendered = renderOutcome(localeOf(report.language), {
        site: site.name,
        reference: reportReference(report.id),
        actionTaken: action !== 'dismiss',
      });
      await mail(tx, site, reporter.email, 'report_outcome', `report:${report.id}`, rendered);
    }
    if (notifier && input.notice !== undefined) {
      // The notifier learns the outcome too, like a reporter: action taken or no violation found.
      const rendered = renderOutcome(localeOf(notifier.language), {
        site: site.name,
        reference: noticeReference(input.notice),
        actionTaken: action !== 'dismiss',
      });
      await mail(tx, site, notifier.email, 'notice_outcome', `notice:${input.notice}`, rendered);
    }
    return { decision: decision.id, statement: action !== 'dismiss' };
  });
  deps.outbox.kick();
  return result;
}

// ---------------------------------------------------------------------------------------------------- statements

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

/** One statement: with the mail's token (no session needed), or to the member it is about; anything else 404. */
export async function getStatement(db: Db, viewer: Viewer | null, id: number, token: string | undefined): Promise<Statement> {
  let decision: repo.DecisionRow | null;
  if (token) {
    decision = await repo.decisionByToken(db, id, hashToken(token));
    if (decision?.action === 'dismiss') decision = null;
  } else {
    if (!viewer) throw authenticationRequired();
    decision = (await repo.statementsOf(db, viewer.userId, id))[0] ?? null;
  }
  if (!decision) throw notFound();
  const appeal = (await repo.memberAppeals(db, decision.member_id)).find((a) => a.decision_id === decision.id);
  return toStatement(decision, appeal ? { id: appeal.id, status: appeal.status } : null);
}

/**
 * A refused login of a suspended or banned member (after the right password): the code and a fresh token that reads
 * the statement and appeals it without a session.
 */
export async function suspendedLogin(db: Db, memberId: number): Promise<AppError | null> {
  const suspension = await effects.suspensionOf(db, memberId);
  if (!suspension) return null;
  const token = randomBytes(16).toString('hex');
  await repo.insertStatementToken(db, suspension.decisionId, hashToken(token));
  return new AppError(423, suspension.ban ? 'account_banned' : 'account_suspended', {
    params: { until: suspension.until, statement: suspension.decisionId, token, appeal_path: statementPath(suspension.decisionId, token) },
  });
}

// ---------------------------------------------------------------------------------------------------- appeals

/**
 * An appeal by the member a decision is about (his session, or the statement's token) or by one of its reporters,
 * within six months. One per person and decision (409 appeal_exists).
 */
export async function fileAppeal(
  deps: SafetyDeps,
  ctx: { site: Site; viewer: Viewer | null; language: Locale },
  input: AppealRequest,
): Promise<Schemas['AppealReceipt']> {
  const { db } = deps;
  let decision: repo.DecisionRow | null;
  let role: 'member' | 'reporter';
  if (input.token) {
    decision = await repo.decisionByToken(db, input.decision, hashToken(input.token));
    role = 'member';
  } else {
    if (!ctx.viewer) throw authenticationRequired();
    decision = await repo.decisionById(db, ctx.site.id, input.decision);
    if (decision && decision.member_id === ctx.viewer.userId && decision.action !== 'dismiss') role = 'member';
    // A reporter contests a decision not to act (a dismissal): reversing an action would not be what he asks for.
    else if (decision?.action === 'dismiss' && (await repo.isReporterOf(db, decision.id, ctx.viewer.userId))) role = 'reporter';
    else decision = null;
    role ??= 'member';
  }
  if (!decision || decision.site_id !== ctx.site.id) throw notFound();
  if (new Date(decision.appeal_until).getTime() < Date.now()) throw new AppError(422, 'appeal_period_over');
  const appellant = role === 'member' ? decision.member_id : (ctx.viewer?.userId as number);
  const text = input.text.trim();
  if (text === '') throw new AppError(422, 'invalid_value', { params: { field: 'text' } });
  const language = role === 'member' ? localeOf((await repo.mailAddress(db, appellant))?.language, ctx.language) : ctx.language;
  const id = await repo.insertAppeal(db, { decisionId: decision.id, appellantId: appellant, role, text, language });
  if (id === null) throw new AppError(409, 'appeal_exists');
  return { id, status: 'open' };
}

export async function listAppealQueue(db: Db, viewer: Viewer | null, siteId: number): Promise<Schemas['AppealQueue']> {
  const moderator = await requireModerator(db, viewer);
  const rows = await repo.openAppeals(db, siteId);
  return {
    appeals: rows.map((a) => ({
      id: a.id,
      role: a.role,
      text: a.text,
      created_at: iso(a.created_at),
      own_decision: a.moderator_id === moderator.userId,
      decision: {
        id: a.decision_id,
        member: a.member_id,
        action: a.action,
        rule: a.rule,
        facts: a.facts,
        created_at: iso(a.decided_at),
        moderator: a.moderator_id,
      },
    })),
  };
}

/**
 * Another moderator upholds or reverses the decision. A reversal is recorded on the decision and undoes its effect:
 * a restriction, suspension or ban is lifted (and a banned address freed), removed content comes back where it still
 * exists, a dismissal's reports are open again. The appellant is mailed the outcome.
 */
export async function decideAppeal(deps: SafetyDeps, viewer: Viewer | null, site: Site, input: AppealDecisionRequest): Promise<void> {
  const moderator = await requireModerator(deps.db, viewer);
  const explanation = input.explanation.trim();
  if (explanation === '') throw new AppError(422, 'invalid_value', { params: { field: 'explanation' } });
  await deps.db.transaction(async (tx) => {
    const appeal = await repo.lockAppeal(tx, site.id, input.appeal);
    if (!appeal) throw notFound();
    const d = appeal.decision;
    if (d.moderator_id === moderator.userId) throw new AppError(403, 'appeal_own_decision');
    if (appeal.status !== 'open') throw new AppError(409, 'appeal_decided');
    await repo.closeAppeal(tx, input.appeal, { status: input.outcome, moderatorId: moderator.userId, explanation });
    if (input.outcome === 'reversed' && (await repo.markReversed(tx, d.id, moderator.userId))) {
      if (d.action === 'dismiss') await repo.reopenReports(tx, d.id);
      if (d.content_kind && d.removed) await effects.restoreContent(tx, d.member_id, d.content_kind, d.content_id, d.removed);
      if (d.action === 'restrict' || d.action === 'suspend' || d.action === 'ban') await effects.recomputeEffects(tx, d.member_id);
    }
    if (appeal.appellant_id !== null) {
      const to = await repo.mailAddress(tx, appeal.appellant_id);
      if (to) {
        const rendered = renderAppealOutcome(localeOf(appeal.language), {
          site: site.name,
          reversed: input.outcome === 'reversed',
          explanation,
        });
        await mail(tx, site, to.email, 'appeal_outcome', `appeal:${input.appeal}`, rendered);
      }
    }
  });
  deps.outbox.kick();
}
