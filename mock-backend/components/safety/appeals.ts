import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import { AppError, authenticationRequired, notFound } from '../../lib/errors';
import type { Locale } from '../../../src/shared/locales';
import { requireModerator } from '../moderation/index';
import { hashToken, localeOf, mail, type SafetyDeps } from './common';
import { assertMayDecideAppeal } from './conflicts';
import * as effects from './effects';
import { renderAppealOutcome } from './mail-texts';
import * as repo from './repository';

/** Appeals against decisions: filed by the member (or a reporter of a dismissal), decided by another moderator. */

export type AppealRequest = Schemas['AppealRequest'];
export type AppealDecisionRequest = Schemas['AppealDecisionRequest'];

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
  // A reversed decision has no effect left to contest.
  if (decision.reversed_at) throw new AppError(409, 'decision_reversed');
  if (new Date(decision.appeal_until).getTime() < Date.now()) throw new AppError(422, 'appeal_period_over');
  const appellant = role === 'member' ? decision.member_id : (ctx.viewer?.userId as number);
  const text = input.text.trim();
  if (text === '') throw new AppError(422, 'invalid_value', { params: { field: 'text' } });
  const language = role === 'member' ? localeOf((await repo.mailAddress(db, appellant))?.language, ctx.language) : ctx.language;
  const id = await repo.insertAppeal(db, { decisionId: decision.id, appellantId: appellant, role, text, language });
  if (id === null) throw new AppError(409, 'appeal_exists');
  return { id, status: 'open' };
}

/**
 * Another moderator upholds or reverses the decision: not the one who made it, nor the member it is about, nor the
 * one who appealed, nor one whose report caused it or who is tied to a party (conflicts.ts). A reversal is recorded on the decision and undoes its effect:
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
    // A different moderator decides, and nobody decides about himself or on his own appeal.
    if (d.moderator_id === moderator.userId) throw new AppError(403, 'appeal_own_decision');
    if (d.member_id === moderator.userId) throw new AppError(403, 'own_case');
    if (appeal.appellant_id === moderator.userId) throw new AppError(403, 'appeal_own_appeal');
    // Nor a decision his own report or notice caused, nor one about (or appealed by) a member he is tied to.
    await assertMayDecideAppeal(tx, moderator.userId, { decisionId: d.id, memberId: d.member_id, appellantId: appeal.appellant_id });
    if (appeal.status !== 'open') throw new AppError(409, 'appeal_decided');
    await repo.closeAppeal(tx, input.appeal, { status: input.outcome, moderatorId: moderator.userId, explanation });
    if (input.outcome === 'reversed' && (await repo.markReversed(tx, d.id, moderator.userId))) {
      if (d.action === 'dismiss') await repo.reopenReports(tx, d.id);
      if (d.content_kind && d.removed) await effects.restoreContent(tx, d.member_id, d.content_kind, d.content_id, d.removed);
      if (d.action === 'restrict' || d.action === 'suspend' || d.action === 'ban' || d.action === 'hide')
        await effects.recomputeEffects(tx, d.member_id);
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
