import { randomBytes } from 'node:crypto';
import type { Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import { message } from '../../lib/messages';
import * as auto from './automation-repository';
import { hashToken, linkOrigin, localeOf, mail, statementPath } from './common';
import * as effects from './effects';
import { renderReporterWarning, renderStatement } from './mail-texts';
import type { Rule } from './mail-texts-statement';
import * as repo from './repository';
import { HIDE_BEFORE_REVIEW, hidesBeforeReview } from './report-weight';
import { thresholdsOf } from './site-repository';
import { openCaseWeight } from './weighing';

/**
 * Careful automation: it never decides against a member on one person's word, and only hides, never removes. Reports
 * weigh what their reporters cannot fake cheaply (report-weight.ts); only in a category where waiting for a moderator
 * does more harm than a short hiding (`underage`) does enough independent weight hide the profile from search until a
 * moderator decides about the member (an automated statement of reasons, mailed at once and appealable like any other;
 * his case heads the queue). Everything else waits for a moderator. Reporters whose reports keep being found no
 * violation are warned once, and then their reports weigh nothing and wait behind the others.
 */

/**
 * After a report is stored (in its transaction, after weighNewReport locked the member): hides the profile when the
 * report's reason hides before review, the independent weight of the open reports of such reasons reaches the site's
 * threshold, and no hiding stands. Answers whether a statement was mailed.
 */
export async function afterReport(tx: Db, publicUrl: string, site: Site, memberId: number, reason: Rule): Promise<boolean> {
  if (!HIDE_BEFORE_REVIEW.includes(reason)) return false;
  const limits = await thresholdsOf(tx, site.id);
  if (await auto.hidingStands(tx, memberId)) return false;
  if (!hidesBeforeReview(await openCaseWeight(tx, site.id, memberId, HIDE_BEFORE_REVIEW, limits), limits.hideWeight)) return false;
  const member = await repo.mailAddress(tx, memberId);
  const locale = localeOf(member?.language);
  const facts = message(locale, 'statement.automated');
  const decision = await repo.insertDecision(tx, {
    siteId: site.id,
    memberId,
    moderatorId: null,
    automated: true,
    action: 'hide',
    contentKind: null,
    contentId: null,
    removed: null,
    days: null,
    rule: reason,
    facts,
    source: 'report',
  });
  await effects.recomputeEffects(tx, memberId);
  const token = randomBytes(16).toString('hex');
  await repo.insertStatementToken(tx, decision.id, hashToken(token));
  if (!member) return false;
  const rendered = renderStatement(locale, {
    site: site.name,
    action: 'hide',
    until: null,
    facts,
    rule: reason,
    source: 'report',
    automated: true,
    link: `${await linkOrigin(publicUrl, tx, site)}${statementPath(decision.id, token)}`,
  });
  await mail(tx, site, member.email, 'statement_of_reasons', `decision:${decision.id}`, rendered);
  return true;
}

/**
 * After a moderator decided about the member (in the decision's transaction): an automated hiding ends, since a person
 * has now looked; reporters of dismissed reports whose record turned mostly unfounded are warned once. Answers whether
 * a mail was written.
 */
export async function afterModeratorDecision(tx: Db, site: Site, memberId: number, dismissedReporters: number[]): Promise<boolean> {
  if (await auto.liftHiding(tx, memberId)) await effects.recomputeEffects(tx, memberId);
  if (dismissedReporters.length === 0) return false;
  const limits = await thresholdsOf(tx, site.id);
  let mailed = false;
  for (const record of await auto.reporterRecords(tx, [...new Set(dismissedReporters)])) {
    if (record.warned || record.unfounded < limits.unfoundedWarn || record.unfounded <= record.upheld) continue;
    if (!(await auto.markWarned(tx, record.reporter_id))) continue;
    const rendered = renderReporterWarning(localeOf(record.language), { site: site.name });
    await mail(tx, site, record.email, 'reporter_warning', `reporter:${record.reporter_id}`, rendered);
    mailed = true;
  }
  return mailed;
}
