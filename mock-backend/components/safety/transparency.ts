import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { requireModerator } from '../moderation/index';
import * as repo from './transparency-repository';

/**
 * The transparency report for moderators: the statements of reasons in the shape the EU's DSA Transparency Database
 * accepts (its submission API's fields, lists and conditions), and the period's counts. No personal data leaves the
 * site: neither the member nor the moderator's facts (which may name people); `decision_facts` is a factual summary
 * in English built from the decision's kind, rule and source.
 *
 * Only restrictions are statements for the database: a warning restricts nothing (it is no visibility, monetary,
 * service or account restriction, one of which the database requires), so it is told to the member but not filed.
 */

type Record_ = Schemas['TransparencyStatement'];
type Row = repo.StatementRecordRow;
type Rule = Row['rule'];
type Category = Schemas['TdbCategory'];
type Keyword = Schemas['TdbKeyword'];

/** The default period: the last 183 days up to today (UTC), about half a year. */
const DEFAULT_DAYS = 183;
const day = (d: Date) => d.toISOString().slice(0, 10);

function periodOf(q: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const to = q.to ?? day(new Date());
  const from = q.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  if (from > to) throw new AppError(422, 'invalid_value', { params: { field: 'from' } });
  return { from, to };
}

/** The EEA, where the database's territorial scope lies: the EU's 27 (Greece as GR), Iceland, Liechtenstein, Norway. */
const EEA = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(' '));

/** The site's countries within the EEA, in the database's codes (upper case); empty for a site outside it. */
export function eeaScope(site: Pick<Site, 'countries'>): string[] {
  return [...new Set(site.countries.map((c) => c.toUpperCase()))].filter((c) => EEA.has(c)).sort();
}

/**
 * A rule's category (and keyword) of today when the moderator chose none: decisions made before he was asked, and the
 * automation's. The two categories the database retired with its schema of 1 July 2025 have successors here:
 * unwanted sexual content (once "non-consensual behaviour") is cyber harassment, and "other" (once "scope of platform
 * service") is another violation of the terms. Illegal content the notifier did not name a kind of is filed as such.
 */
const RULE_CATEGORY: Record<Rule, { category: Category; keyword: Keyword | null }> = {
  fake_scam_spam: { category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD', keyword: 'KEYWORD_INAUTHENTIC_ACCOUNTS' },
  harassment_hate: { category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE', keyword: null },
  unwanted_sexual: { category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE', keyword: 'KEYWORD_CYBER_HARASSMENT' },
  underage: { category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS', keyword: 'KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS' },
  illegal: { category: 'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE', keyword: null },
  other: { category: 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC', keyword: null },
};

/** Values a decision may have stored before the database retired them, and what they are filed as today. */
const RETIRED_CATEGORY: Record<string, Category> = {
  STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE: 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC',
  STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
  STATEMENT_CATEGORY_UNSAFE_AND_ILLEGAL_PRODUCTS: 'STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS',
};

/** The category (and keyword) a decision's statement is filed under: the moderator's choice, else its rule's own. */
export function categoryOf(row: Pick<Row, 'rule' | 'category' | 'category_specification'>): {
  category: Category;
  keyword: Keyword | null;
} {
  const chosen = row.category ? (RETIRED_CATEGORY[row.category] ?? (row.category as Category)) : null;
  if (!chosen) return RULE_CATEGORY[row.rule];
  return { category: chosen, keyword: row.category_specification as Keyword | null };
}

/** The terms' rule as the contractual ground and a fixed explanation (the moderator's facts may hold personal data). */
const TERMS: Record<Exclude<Rule, 'illegal'>, { ground: string; explanation: string; summary: string }> = {
  fake_scam_spam: {
    ground: 'Terms of use: no fake profiles, scams or spam',
    explanation: 'Fake profile, scam or spam.',
    summary: 'a fake profile, a scam or spam',
  },
  harassment_hate: {
    ground: 'Terms of use: no harassment or hate',
    explanation: 'Harassment or hateful conduct towards members.',
    summary: 'harassment or hateful conduct towards members',
  },
  unwanted_sexual: {
    ground: 'Terms of use: no unwanted sexual content',
    explanation: 'Sexual content sent without consent.',
    summary: 'sexual content sent without consent',
  },
  underage: {
    ground: 'Terms of use: members are at least 18',
    explanation: 'The account holder appears to be under 18.',
    summary: 'an account holder who appears to be under 18',
  },
  other: { ground: 'Terms of use', explanation: 'Conduct against the terms of use.', summary: 'conduct against the terms of use' },
};

const MEASURE: Record<Row['action'], string> = {
  remove_content: 'The content was removed',
  hide: "The member's profile was hidden from other members until a moderator reviews it",
  restrict: "The member's profile was hidden from search and he may start no new conversations for a period",
  suspend: 'The account was suspended for a period',
  ban: 'The account was terminated',
};

const SOURCE: Record<Row['source'], string> = {
  report: "after members' reports",
  notice: 'after a notice of illegal content',
  own_initiative: "on the provider's own initiative",
};

/** The facts and circumstances in English, without personal data: what was done, on what, why, and on whose notice. */
function factsOf(row: Row): string {
  const rule = row.rule;
  const about = rule === 'illegal' ? 'content found to be illegal' : TERMS[rule].summary;
  const how = row.automated ? "by automated means, which weigh independent members' reports" : 'by a moderator';
  return `${MEASURE[row.action]} ${SOURCE[row.source]}, decided ${how}, for ${about}.`;
}

function contentType(kind: Row['content_kind']): Pick<Record_, 'content_type' | 'content_type_other'> {
  if (kind === 'photo') return { content_type: ['CONTENT_TYPE_IMAGE'], content_type_other: null };
  if (kind === 'message' || kind === 'profile_text') return { content_type: ['CONTENT_TYPE_TEXT'], content_type_other: null };
  return { content_type: ['CONTENT_TYPE_OTHER'], content_type_other: 'Member profile and account of a dating service' };
}

/** The database takes end dates up to 2038-01-01; a later end is no end it can record. */
const endDate = (date: string | null) => (date !== null && date <= '2038-01-01' ? date : null);

/**
 * The decision's kinds exactly: removing content removes it; hiding a profile disables access to it; a restriction
 * hides from search (demotion) and takes part of the service (no new conversations); a suspension suspends the
 * account and the service; a ban terminates both.
 */
function measures(
  row: Row,
): Pick<
  Record_,
  | 'decision_visibility'
  | 'end_date_visibility_restriction'
  | 'decision_provision'
  | 'end_date_service_restriction'
  | 'decision_account'
  | 'end_date_account_restriction'
> {
  const end = endDate(row.end_date);
  const none = {
    decision_visibility: [],
    end_date_visibility_restriction: null,
    decision_provision: null,
    end_date_service_restriction: null,
    decision_account: null,
    end_date_account_restriction: null,
  } satisfies ReturnType<typeof measures>;
  switch (row.action) {
    case 'remove_content':
      return { ...none, decision_visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'] };
    case 'hide':
      return { ...none, decision_visibility: ['DECISION_VISIBILITY_CONTENT_DISABLED'], end_date_visibility_restriction: end };
    case 'restrict':
      return {
        ...none,
        decision_visibility: ['DECISION_VISIBILITY_CONTENT_DEMOTED'],
        end_date_visibility_restriction: end,
        decision_provision: 'DECISION_PROVISION_PARTIAL_SUSPENSION',
        end_date_service_restriction: end,
      };
    case 'suspend':
      return {
        ...none,
        decision_provision: 'DECISION_PROVISION_TOTAL_SUSPENSION',
        end_date_service_restriction: end,
        decision_account: 'DECISION_ACCOUNT_SUSPENDED',
        end_date_account_restriction: end,
      };
    case 'ban':
      return { ...none, decision_provision: 'DECISION_PROVISION_TOTAL_TERMINATION', decision_account: 'DECISION_ACCOUNT_TERMINATED' };
  }
}

/** The statement as the database takes it (the site's own `reversed` aside, which the sender leaves out). */
export function toRecord(row: Row, territories: string[]): Record_ {
  const rule = row.rule;
  const illegal = rule === 'illegal';
  const terms = rule === 'illegal' ? null : TERMS[rule];
  const { category, keyword } = categoryOf(row);
  return {
    puid: puidOf(row.id),
    ...measures(row),
    decision_monetary: null,
    account_type: 'ACCOUNT_TYPE_PRIVATE',
    decision_facts: factsOf(row),
    decision_ground: illegal ? 'DECISION_GROUND_ILLEGAL_CONTENT' : 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
    illegal_content_legal_ground: illegal ? 'The law of the member state where the content was available' : null,
    illegal_content_explanation: illegal ? 'The content was found to be illegal under that law.' : null,
    incompatible_content_ground: terms?.ground ?? null,
    incompatible_content_explanation: terms?.explanation ?? null,
    category,
    category_specification: keyword ? [keyword] : [],
    ...contentType(row.content_kind),
    content_date: row.content_date,
    application_date: row.application_date,
    source_type:
      row.source === 'own_initiative'
        ? 'SOURCE_VOLUNTARY'
        : row.source === 'notice' || illegal
          ? 'SOURCE_ARTICLE_16'
          : 'SOURCE_TYPE_OTHER_NOTIFICATION',
    // Content is found by members' reports and notices; the automation only decides to hide on weighed reports.
    automated_detection: 'No',
    automated_decision: row.automated ? 'AUTOMATED_DECISION_FULLY' : 'AUTOMATED_DECISION_NOT_AUTOMATED',
    territorial_scope: territories,
    reversed: row.reversed,
  };
}

/** The site's id of a decision in the database (letters, digits, hyphens). */
export const puidOf = (decisionId: number) => `D-${String(decisionId).padStart(6, '0')}`;

export async function exportStatements(
  db: Db,
  viewer: Viewer | null,
  site: Site,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<Schemas['TransparencyStatements']> {
  await requireModerator(db, viewer);
  const period = periodOf(q);
  const territories = eeaScope(site);
  const [rows, withdrawals] = await Promise.all([
    repo.statementRecords(db, site.id, period.from, period.to),
    repo.withdrawals(db, site.id),
  ]);
  return {
    ...period,
    statements: rows.map((r) => toRecord(r, territories)),
    withdrawals: withdrawals.map((w) => ({ puid: w.puid, reversed_at: w.reversed_at })),
  };
}

const REASONS = ['fake_scam_spam', 'harassment_hate', 'unwanted_sexual', 'underage', 'illegal', 'other'] as const;
const ACTIONS = ['dismiss', 'remove_content', 'warn', 'restrict', 'suspend', 'ban', 'hide'] as const;

export async function counts(
  db: Db,
  viewer: Viewer | null,
  site: Site,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<Schemas['TransparencyCounts']> {
  await requireModerator(db, viewer);
  const period = periodOf(q);
  const c = await repo.periodCounts(db, site.id, period.from, period.to);
  const count = <K extends string>(keys: readonly K[], rows: { key: string; n: number }[]) =>
    Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.key === k)?.n ?? 0])) as Record<K, number>;
  return {
    ...period,
    reports_by_reason: count(
      REASONS,
      c.reports.map((r) => ({ key: r.reason, n: r.n })),
    ),
    notices: c.notices,
    actions_by_kind: count(
      ACTIONS,
      c.actions.map((r) => ({ key: r.action, n: r.n })),
    ),
    automated_actions: c.actions.reduce((sum, r) => sum + r.automated, 0),
    median_hours_to_decision: c.medianHours === null ? null : Math.round(c.medianHours * 10) / 10,
    appeals: c.appeals,
    reversals: c.reversals,
  };
}
