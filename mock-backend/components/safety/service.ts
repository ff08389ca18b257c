import { randomBytes } from 'node:crypto';
import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import { afterCommit, type Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { recordMemberEvent, tell } from '../../lib/live-events';
import type { Locale } from '../../../src/shared/locales';
import { isKeywordOf } from '../../../src/shared/transparency-keywords';
import { requireModerator } from '../moderation/index';
import { blockInTransaction, deleteBlockedChatPhotos } from '../privacy/index';
import { afterModeratorDecision, afterReport } from './automation';
import * as effects from './effects';
import { hashToken, iso, linkOrigin, localeOf, mail, noticeReference, reportReference, statementPath, type SafetyDeps } from './common';
import { assertMayDecideCase, assertMayDismissNotice, ownAddressOf, tiedMembers, type OwnAddress } from './conflicts';
import { renderOutcome, renderReceipt, renderStatement } from './mail-texts';
import * as notices from './notice-repository';
import { resolveNoticeTarget } from './notice-targets';
import * as repo from './repository';
import { thresholdsOf } from './site-repository';
import { queueOrder } from './report-weight';
import { weighNewReport, weighOpenCases } from './weighing';

export type { SafetyDeps } from './common';

export type ReportRequest = Schemas['ReportRequest'];
export type ReportReceipt = Schemas['ReportReceipt'];
export type NoticeRequest = Schemas['NoticeRequest'];
export type ReportDecisionRequest = Schemas['ReportDecisionRequest'];
export type NoticeDecisionRequest = Schemas['NoticeDecisionRequest'];

// ---------------------------------------------------------------------------------------------------- reports

/**
 * Files a member's report about another member's profile, message or photo. The target must be something the
 * reporter can see (his conversation's message, an approved photo, a member of the site); anything else is 404. A
 * repeat while the report is open answers its receipt again (`created: false`, 200). The receipt mail is written in
 * the report's transaction. `also_block` blocks the member in the same transaction, as block.php does — the message
 * and its context are kept with the report first, since a block removes the chat.
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
  // The report and the block are one transaction, for a new report and a repeat alike: a failure leaves neither half.
  const result = await db.transaction(async (tx) => {
    const alsoBlock = () => (blocked ? blockInTransaction(tx, site.id, me, memberId) : Promise.resolve([]));
    const existing = await repo.findOpenReport(tx, me, kind, id);
    if (existing) return { created: false, id: existing.id, status: existing.status, photos: await alsoBlock() };
    const reporter = await repo.mailAddress(tx, me);
    const language = localeOf(reporter?.language, ctx.viewer.language);
    // What the report weighs, and whether the per-target limit lets it count (the member's row is locked from here on).
    const weighed = await weighNewReport(tx, site.id, me, memberId, await thresholdsOf(tx, site.id));
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
      reporterWeight: weighed.weight,
      counted: weighed.counted,
    });
    // Another request of his filed it a moment ago: that one's receipt.
    if (reportId === null) {
      const other = await repo.findOpenReport(tx, me, kind, id);
      return { created: false, id: other?.id ?? 0, status: other?.status ?? 'open', photos: await alsoBlock() };
    }
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
    await afterReport(tx, deps.publicUrl, site, memberId, input.reason);
    return { created: true, id: reportId, status: 'open' as const, photos: await alsoBlock() };
  });
  if (result.created) deps.outbox.kick();
  // The files of the photo messages the block removed go once the rows are gone for good.
  if (result.photos.length > 0) afterCommit(() => deleteBlockedChatPhotos(deps, result.photos));
  return { created: result.created, receipt: { id: result.id, reference: reportReference(result.id), status: result.status, blocked } };
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
 * is stored and its receipt mailed to the given address in the visitor's language. Its content URL is resolved to
 * the member it names (profile, photo, chat photo) when it is filed, so it joins his case in the queue; a URL that
 * names nobody makes it an item of its own.
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
  const target = await resolveNoticeTarget(deps.db, ctx.site.id, url);
  const reference = await deps.db.transaction(async (tx) => {
    const id = await notices.insertNotice(tx, { siteId: ctx.site.id, name, email, url, explanation, language: ctx.language, target });
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

/**
 * The open reports grouped per reported member, with what a moderator needs: members hidden before review first, then
 * the heavier case (report-weight.ts), then the longest-waiting; each case marked when the moderator asking may not
 * decide it (conflicts.ts), and each notice he sent himself.
 */
export async function listQueue(db: Db, viewer: Viewer | null, siteId: number, limit: number): Promise<Schemas['ReportQueue']> {
  const moderator = await requireModerator(db, viewer);
  const me = moderator.userId;
  const limits = await thresholdsOf(db, siteId);
  const weighed = await weighOpenCases(db, siteId, limits);
  const members = (await repo.queueMembers(db, siteId, limits))
    .map((m) => ({ memberId: m.member_id, hidden: m.hidden, low: m.low, oldest: m.oldest, weight: weighed.cases.get(m.member_id) ?? 0 }))
    .sort(queueOrder)
    .slice(0, limit);
  const [own, tied] = await Promise.all([
    ownAddressOf(db, me),
    tiedMembers(
      db,
      me,
      members.map((m) => m.memberId),
    ),
  ]);
  const queued = (n: notices.NoticeRow) => queuedNotice(n, own);
  const cases: Schemas['ReportCase'][] = [];
  for (const { memberId, hidden, weight } of members) {
    const member = await repo.caseMember(db, memberId);
    if (!member) continue;
    const [photos, reports, decisions, noticesAbout] = await Promise.all([
      repo.memberPhotos(db, memberId),
      repo.openReportsAbout(db, siteId, memberId, limits),
      repo.earlierDecisions(db, memberId),
      notices.openNoticesAbout(db, siteId, memberId),
    ]);
    cases.push({
      weight,
      hidden_before_review: hidden,
      own_case: memberId === me,
      own_report: reports.some((r) => r.reporter_id === me) || noticesAbout.some((n) => own(n.email)),
      conflict_of_interest: tied.has(memberId),
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
      reports: reports.map((r) => queuedReport(r, weighed.reporters)),
      earlier_decisions: decisions.map((d) => ({
        id: d.id,
        action: d.action as Schemas['SafetyAction'],
        rule: d.rule as ReportRequest['reason'],
        created_at: iso(d.created_at),
        reversed: d.reversed,
      })),
      notices: noticesAbout.map(queued),
    });
  }
  const unassigned = await notices.openUnassignedNotices(db, siteId, 50);
  return { cases, notices: unassigned.map(queued) };
}

/**
 * A report as the console shows it: what, why, when, whether it counts, the reporter's track record and his weight now
 * (`weights`), and a message's conversation around it as filed.
 */
export function queuedReport(r: repo.QueuedReportRow, weights: ReadonlyMap<number, number>): Schemas['QueuedReport'] {
  const weight = r.reporter_id === null ? 0 : (weights.get(r.reporter_id) ?? 0);
  return {
    id: r.id,
    target: { kind: r.target_kind, id: r.target_id },
    reason: r.reason as ReportRequest['reason'],
    details: r.details,
    created_at: iso(r.created_at),
    counted: r.counted,
    reporter: {
      id: r.reporter_id,
      filed: r.filed,
      upheld: r.upheld,
      unfounded: r.unfounded,
      weight,
      trusted: weight > 0,
      deprioritised: r.deprioritised,
    },
    messages: (r.evidence.messages ?? []).map((m) => ({
      id: m.id,
      from_member: m.sender_id === r.member_id,
      text: m.body,
      sent_at: m.created_at,
      reported: r.target_kind === 'message' && m.id === r.target_id,
    })),
  };
}

/** A notice as the console shows it, marked when the moderator asking sent it himself. */
export function queuedNotice(n: notices.NoticeRow, own: OwnAddress): Schemas['QueuedNotice'] {
  return {
    own_report: own(n.email),
    id: n.id,
    reference: noticeReference(n.id),
    name: n.name,
    email: n.email,
    content_url: n.content_url,
    explanation: n.explanation,
    created_at: iso(n.created_at),
    target: n.target_kind && n.target_id !== null ? { kind: n.target_kind, id: n.target_id } : null,
  };
}

/**
 * A moderator's decision about a notice whose URL named nobody: `dismiss` handles it without a member (the notifier
 * learns "no violation found"); `assign` resolves the URL the moderator gives to its member, so the notice joins his
 * case and is decided there. A notice handled before is 409 reports_decided.
 */
export async function decideNotice(deps: SafetyDeps, viewer: Viewer | null, site: Site, input: NoticeDecisionRequest): Promise<void> {
  const moderator = await requireModerator(deps.db, viewer);
  // Adding a notice to a case only routes it; dismissing it decides it, which its sender may not.
  if (input.action === 'dismiss')
    await assertMayDismissNotice(deps.db, { siteId: site.id, moderatorId: moderator.userId, noticeId: input.notice });
  if (input.action === 'assign') {
    const target = await resolveNoticeTarget(deps.db, site.id, input.content_url ?? '');
    if (!target) throw new AppError(422, 'invalid_value', { params: { field: 'content_url' } });
    if (!(await notices.assignNotice(deps.db, { siteId: site.id, id: input.notice, target }))) throw new AppError(409, 'reports_decided');
    return;
  }
  await deps.db.transaction(async (tx) => {
    const notifier = await notices.dismissNotice(tx, { siteId: site.id, id: input.notice, moderatorId: moderator.userId });
    if (!notifier) throw new AppError(409, 'reports_decided');
    const rendered = renderOutcome(localeOf(notifier.language), {
      site: site.name,
      reference: noticeReference(input.notice),
      actionTaken: false,
    });
    await mail(tx, site, notifier.email, 'notice_outcome', `notice:${input.notice}`, rendered);
  });
  deps.outbox.kick();
}

/**
 * A moderator's decision about a member. The listed reports are taken only while each is still open (a row update
 * that waits for a concurrent decision's lock and then finds them decided): the loser gets 409 reports_decided and
 * nothing changes. Every action but dismiss gets a statement of reasons, stored (the decision row) and mailed with
 * a token that reads it without a session; every reporter gets the bare outcome. A removed message is told live to both
 * members of its conversation once the decision committed.
 */
export async function decide(
  deps: SafetyDeps,
  viewer: Viewer | null,
  site: Site,
  input: ReportDecisionRequest,
): Promise<Schemas['ReportDecisionResult']> {
  const moderator = await requireModerator(deps.db, viewer);
  const { action } = input;
  // Hiding is the automation's measure only (weighed reports of a hiding reason); a moderator decides with the other actions.
  if (action === 'hide') throw new AppError(422, 'invalid_value', { params: { field: 'action' } });
  const facts = input.facts.trim();
  if (facts === '') throw new AppError(422, 'invalid_value', { params: { field: 'facts' } });
  if (action === 'remove_content' && !input.content) throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
  if (input.content && input.content.kind !== 'profile_text' && input.content.id === undefined)
    throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
  if ((action === 'restrict' || action === 'suspend') && input.days === undefined)
    throw new AppError(422, 'invalid_value', { params: { field: 'days' } });
  // A specification is one of the chosen category's keywords (the database's groups, src/shared/transparency-keywords.ts);
  // without a chosen category the rule's own category and keyword are filed, so there is nothing to specify.
  const specification = input.category_specification;
  if (specification !== undefined && !(input.category !== undefined && isKeywordOf(input.category, specification)))
    throw new AppError(422, 'invalid_value', { params: { field: 'category_specification' } });
  const noticeIds = [...new Set([...(input.notices ?? []), ...(input.notice === undefined ? [] : [input.notice])])];
  if (action === 'dismiss' && input.reports.length === 0 && noticeIds.length === 0)
    throw new AppError(422, 'invalid_value', { params: { field: 'reports' } });
  if (!(await repo.siteMember(deps.db, site.id, input.member))) throw notFound();
  const memberId = input.member;
  const token = randomBytes(16).toString('hex');
  const result = await deps.db.transaction(async (tx) => {
    await repo.lockMember(tx, memberId);
    // Nobody judges his own case: not about himself, not his own report or notice, not a member he is tied to.
    await assertMayDecideCase(tx, { siteId: site.id, moderatorId: moderator.userId, memberId, noticeIds });
    const content = action === 'remove_content' ? (input.content ?? null) : null;
    const source = input.reports.length > 0 ? 'report' : noticeIds.length > 0 ? 'notice' : 'own_initiative';
    const fields = {
      memberId,
      action,
      rule: input.rule,
      contentKind: content?.kind ?? null,
      contentId: content?.kind === 'profile_text' ? null : (content?.id ?? null),
      days: action === 'restrict' || action === 'suspend' ? (input.days ?? null) : null,
    };
    // Reports and notices are taken only while open, which keeps a decision on them from being recorded twice; an
    // own-initiative decision has none, so the same one again (a retry without its key, a second moderator at the same
    // moment, who waited for the member's lock) is refused instead.
    if (source === 'own_initiative' && (await repo.sameDecisionRecently(tx, fields))) throw new AppError(409, 'decision_duplicate');
    let removed: Record<string, unknown> | null = null;
    if (content) {
      removed = await effects.removeContent(tx, memberId, content.kind, content.id ?? null);
      if (!removed) throw new AppError(422, 'invalid_value', { params: { field: 'content' } });
    }
    const decision = await repo.insertDecision(tx, {
      ...fields,
      siteId: site.id,
      moderatorId: moderator.userId,
      removed,
      facts,
      source,
      category: input.category ?? null,
      categorySpecification: input.category_specification ?? null,
    });
    const status = action === 'dismiss' ? 'no_violation' : 'action_taken';
    const taken = await repo.decideReports(tx, { siteId: site.id, memberId, ids: input.reports, status, decisionId: decision.id });
    if (taken.length !== input.reports.length) throw new AppError(409, 'reports_decided');
    const notifiers = await notices.handleNotices(tx, {
      siteId: site.id,
      memberId,
      ids: noticeIds,
      decisionId: decision.id,
      moderatorId: moderator.userId,
    });
    if (notifiers.length !== noticeIds.length) throw new AppError(409, 'reports_decided');
    if (action === 'restrict' || action === 'suspend' || action === 'ban') await effects.recomputeEffects(tx, memberId);
    if (action === 'suspend' || action === 'ban') await effects.endSessions(tx, memberId);
    if (action === 'ban') await effects.banAddress(tx, site.id, memberId, decision.id);
    const dismissed = action === 'dismiss' ? taken.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id])) : [];
    await afterModeratorDecision(tx, site, memberId, dismissed);
    const linkBase = await linkOrigin(deps.publicUrl, tx, site);
    if (action !== 'dismiss') {
      await repo.insertStatementToken(tx, decision.id, hashToken(token));
      const member = await repo.mailAddress(tx, memberId);
      if (member) {
        const rendered = renderStatement(localeOf(member.language), {
          site: site.name,
          action,
          until: decision.until,
          content: content?.kind ?? null,
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
    for (const notifier of notifiers) {
      // The notifier learns the outcome too, like a reporter: action taken or no violation found.
      const rendered = renderOutcome(localeOf(notifier.language), {
        site: site.name,
        reference: noticeReference(notifier.id),
        actionTaken: action !== 'dismiss',
      });
      await mail(tx, site, notifier.email, 'notice_outcome', `notice:${notifier.id}`, rendered);
    }
    // Last (the events take the chat's event lock): the member's open pages show the statement's notice, and a removed
    // message is told to both members' open conversations.
    if (action !== 'dismiss') await recordMemberEvent(tx, memberId, { kind: 'statement', data: { statement: decision.id, action } });
    const told = content?.kind === 'message' && content.id !== undefined ? await effects.recordMessageRemoved(tx, content.id) : [];
    return { answer: { decision: decision.id, statement: action !== 'dismiss' }, told: action === 'dismiss' ? told : [...told, memberId] };
  });
  deps.outbox.kick();
  await tell(deps.bus, result.told);
  return result.answer;
}
