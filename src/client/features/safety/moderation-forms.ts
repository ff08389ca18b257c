import type { FormFailure } from '../../components/progressive-form';
import { isKeywordOf } from '../../../shared/transparency-keywords';
import { apiErrorOf } from '../../lib/api-error';
import { SAFETY_ACTIONS, TDB_CATEGORIES, type ReportDecisionRequest } from './api/moderation';
import { REPORT_REASONS } from './api/reports';

/**
 * The moderation console's forms, posted to the page of their queue (the route actions in
 * app/pages/moderation-page.tsx): a decision about a reported member and the handling of a notice that names nobody
 * on /moderation/reports, an appeal's outcome on /moderation/appeals. What the page says after one of them is in its
 * address (the 303's query), so it shows without JavaScript too.
 */
export const REPORTS_PAGE = '/moderation/reports';
export const APPEALS_PAGE = '/moderation/appeals';
export const DECISION_FORM = 'decision';
export const NOTICE_DECISION_FORM = 'notice-decision';
export const APPEAL_DECISION_FORM = 'appeal-decision';

/** Refusals that mean another moderator (or an earlier attempt) was first: the queue is loaded again and says so. */
const CONFLICTS = new Set(['reports_decided', 'decision_duplicate', 'appeal_decided']);

/** Whether a refused form lost to another moderator (409 with one of the conflict codes). */
export const isConflict = (failure: Pick<FormFailure, 'status' | 'body'>): boolean =>
  failure.status === 409 && CONFLICTS.has(apiErrorOf(failure).code ?? '');

/** What a decision form lacks, found in the browser and by the action alike (answered without a call). */
export type DecisionProblem = 'facts_required' | 'days_invalid' | 'content_required' | 'category_required' | 'specification_mismatch';

export const MAX_FACTS = 2000;
const ID = /^\d{1,9}$/;

/** A list of ids posted as `1,2,3` (anything else in it is left out). */
const idsOf = (raw: string): number[] =>
  raw
    .split(',')
    .filter((id) => ID.test(id))
    .map(Number);

/** An id posted as text, or null. */
export const idOf = (raw: string): number | null => (ID.test(raw) ? Number(raw) : null);

type Content = NonNullable<ReportDecisionRequest['content']>;

/** The content a removal takes, as its form value: `photo:12`, `message:34`, `profile_text:`. */
export const contentValue = (c: Content) => `${c.kind}:${c.id ?? ''}`;

function contentOf(raw: string): Content | null {
  const [kind, id] = raw.split(':');
  if (kind === 'profile_text') return { kind };
  if ((kind === 'photo' || kind === 'message') && id && ID.test(id)) return { kind, id: Number(id) };
  return null;
}

/** The fields of a decision form as posted (those shown again after a refusal). */
export interface DecisionFields {
  member: string;
  name: string;
  reports: string;
  notices: string;
  action: string;
  rule: string;
  content: string;
  days: string;
  facts: string;
  /** The DSA Transparency Database's category; empty: the rule's own. */
  category?: string | undefined;
  /** One of the chosen category's keywords (its specification); empty: none. */
  category_specification?: string | undefined;
}

/**
 * The decision a posted form asks for, or what it lacks. The days count only for a restriction or suspension and the
 * content only for a removal (the form shows all its fields without JavaScript).
 */
export function decisionOf(f: DecisionFields): { request: ReportDecisionRequest } | { problem: DecisionProblem } | null {
  const member = idOf(f.member);
  const action = SAFETY_ACTIONS.find((a) => a === f.action);
  const rule = REPORT_REASONS.find((r) => r === f.rule);
  if (member === null || !action || !rule) return null;
  const facts = f.facts.trim().slice(0, MAX_FACTS);
  if (facts === '') return { problem: 'facts_required' };
  const needsDays = action === 'restrict' || action === 'suspend';
  const days = Number(f.days);
  if (needsDays && !(/^\d{1,3}$/.test(f.days.trim()) && days >= 1 && days <= 365)) return { problem: 'days_invalid' };
  const content = action === 'remove_content' ? contentOf(f.content) : null;
  if (action === 'remove_content' && !content) return { problem: 'content_required' };
  const category = TDB_CATEGORIES.find((c) => c === f.category);
  // Illegal content is filed by its kind: a restriction on it needs the moderator's category.
  if (rule === 'illegal' && action !== 'dismiss' && !category) return { problem: 'category_required' };
  // A specification belongs to the chosen category (without JavaScript the form offers every category's keywords).
  const specification = f.category_specification ?? '';
  if (specification !== '' && !(category && isKeywordOf(category, specification))) return { problem: 'specification_mismatch' };
  const notices = idsOf(f.notices);
  return {
    request: {
      member,
      reports: idsOf(f.reports),
      ...(notices.length > 0 ? { notices } : {}),
      action,
      rule,
      facts,
      ...(content ? { content } : {}),
      ...(needsDays ? { days } : {}),
      ...(category ? { category } : {}),
      ...(category && specification !== '' && isKeywordOf(category, specification) ? { category_specification: specification } : {}),
    },
  };
}

/** The refusal of a form that the action answers itself, before any call (what the form lacks). */
export const localFailure = (form: string, code: string, fields: Record<string, string>): FormFailure => ({
  form,
  status: 400,
  body: { error: { code, message: '' } },
  fields,
});

/** What the reports page says after a decision or a notice's handling, from its address. */
export type ReportsOutcome =
  { kind: 'decided' | 'conflict'; name: string } | { kind: 'notice-assigned' | 'notice-dismissed' | 'notice-conflict'; reference: string };

const NAME_LIMIT = 100;
const NOTICE_REFERENCE = /^N-\d{6,}$/;

export function reportsPageWith(outcome: ReportsOutcome): string {
  const query = new URLSearchParams(
    'name' in outcome
      ? { [outcome.kind]: outcome.name.slice(0, NAME_LIMIT) }
      : { notice: outcome.kind.slice(7), reference: outcome.reference },
  );
  return `${REPORTS_PAGE}?${query.toString()}`;
}

export function reportsOutcomeOf(search: URLSearchParams): ReportsOutcome | null {
  for (const kind of ['decided', 'conflict'] as const) {
    const name = search.get(kind);
    if (name) return { kind, name: name.slice(0, NAME_LIMIT) };
  }
  const notice = search.get('notice');
  const reference = search.get('reference') ?? '';
  if ((notice === 'assigned' || notice === 'dismissed' || notice === 'conflict') && NOTICE_REFERENCE.test(reference))
    return { kind: `notice-${notice}`, reference };
  return null;
}

/** What the appeals page says after an appeal's outcome, from its address. */
export type AppealsOutcome = 'upheld' | 'reversed' | 'conflict';

export const appealsPageWith = (outcome: AppealsOutcome) => `${APPEALS_PAGE}?appeal=${outcome}`;

export function appealsOutcomeOf(search: URLSearchParams): AppealsOutcome | null {
  const value = search.get('appeal');
  return value === 'upheld' || value === 'reversed' || value === 'conflict' ? value : null;
}
