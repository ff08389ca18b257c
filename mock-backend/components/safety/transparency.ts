import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { requireModerator } from '../moderation/index';
import * as repo from './transparency-repository';

/**
 * The transparency report for moderators: the statements of reasons of a period in the shape of the EU's DSA
 * Transparency Database (one record per statement, no personal data: neither the member nor the facts' free text,
 * which may name people), and the period's counts.
 */

type Record_ = Schemas['TransparencyStatement'];
type Rule = repo.StatementRecordRow['rule'];

/** The default period: the last 183 days up to today (UTC), about half a year. */
const DEFAULT_DAYS = 183;
const day = (d: Date) => d.toISOString().slice(0, 10);

function periodOf(q: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const to = q.to ?? day(new Date());
  const from = q.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  if (from > to) throw new AppError(422, 'invalid_value', { params: { field: 'from' } });
  return { from, to };
}

const CATEGORY: Record<Rule, Record_['category']> = {
  fake_scam_spam: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
  harassment_hate: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
  unwanted_sexual: 'STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR',
  underage: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
  illegal: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH',
  other: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
};

/** The terms' rule as the ground and a fixed explanation (the moderator's facts may hold personal data). */
const TERMS: Record<Exclude<Rule, 'illegal'>, { ground: string; explanation: string }> = {
  fake_scam_spam: { ground: 'Terms of use: no fake profiles, scams or spam', explanation: 'Fake profile, scam or spam.' },
  harassment_hate: { ground: 'Terms of use: no harassment or hate', explanation: 'Harassment or hateful conduct towards members.' },
  unwanted_sexual: { ground: 'Terms of use: no unwanted sexual content', explanation: 'Sexual content sent without consent.' },
  underage: { ground: 'Terms of use: members are at least 18', explanation: 'The account holder appears to be under 18.' },
  other: { ground: 'Terms of use', explanation: 'Conduct against the terms of use.' },
};

function contentType(kind: repo.StatementRecordRow['content_kind']): Pick<Record_, 'content_type' | 'content_type_other'> {
  if (kind === 'photo') return { content_type: ['CONTENT_TYPE_IMAGE'], content_type_other: null };
  if (kind === 'message' || kind === 'profile_text') return { content_type: ['CONTENT_TYPE_TEXT'], content_type_other: null };
  return { content_type: ['CONTENT_TYPE_OTHER'], content_type_other: 'Member account and profile' };
}

function toRecord(row: repo.StatementRecordRow, territories: string[]): Record_ {
  const a = row.action;
  const rule = row.rule;
  const illegal = rule === 'illegal';
  const terms = rule === 'illegal' ? null : TERMS[rule];
  return {
    puid: `D-${String(row.id).padStart(6, '0')}`,
    decision_visibility:
      a === 'remove_content'
        ? ['DECISION_VISIBILITY_CONTENT_REMOVED']
        : a === 'hide' || a === 'restrict'
          ? ['DECISION_VISIBILITY_CONTENT_DEMOTED']
          : a === 'warn'
            ? ['DECISION_VISIBILITY_OTHER']
            : [],
    decision_visibility_other: a === 'warn' ? 'Warning to the account holder' : null,
    end_date_visibility_restriction: a === 'hide' || a === 'restrict' ? row.end_date : null,
    decision_monetary: null,
    decision_provision:
      a === 'restrict'
        ? 'DECISION_PROVISION_PARTIAL_SUSPENSION'
        : a === 'suspend'
          ? 'DECISION_PROVISION_TOTAL_SUSPENSION'
          : a === 'ban'
            ? 'DECISION_PROVISION_TOTAL_TERMINATION'
            : null,
    end_date_service_restriction: a === 'restrict' || a === 'suspend' ? row.end_date : null,
    decision_account: a === 'suspend' ? 'DECISION_ACCOUNT_SUSPENDED' : a === 'ban' ? 'DECISION_ACCOUNT_TERMINATED' : null,
    end_date_account_restriction: a === 'suspend' ? row.end_date : null,
    account_type: 'ACCOUNT_TYPE_PRIVATE',
    decision_ground: illegal ? 'DECISION_GROUND_ILLEGAL_CONTENT' : 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
    decision_ground_reference_url: null,
    illegal_content_legal_ground: illegal ? 'Applicable law of the member state concerned' : null,
    illegal_content_explanation: illegal ? 'Content reported or found to be illegal.' : null,
    incompatible_content_ground: terms?.ground ?? null,
    incompatible_content_explanation: terms?.explanation ?? null,
    incompatible_content_illegal: illegal ? null : 'No',
    category: CATEGORY[row.rule],
    ...contentType(row.content_kind),
    content_date: row.content_date,
    application_date: row.application_date,
    source_type:
      row.source === 'own_initiative'
        ? 'SOURCE_VOLUNTARY'
        : row.source === 'notice' || illegal
          ? 'SOURCE_ARTICLE_16'
          : 'SOURCE_TYPE_OTHER_NOTIFICATION',
    automated_detection: row.automated ? 'Yes' : 'No',
    automated_decision: row.automated ? 'AUTOMATED_DECISION_FULLY' : 'AUTOMATED_DECISION_NOT_AUTOMATED',
    territorial_scope: territories,
    reversed: row.reversed,
  };
}

export async function exportStatements(
  db: Db,
  viewer: Viewer | null,
  site: Site,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<Schemas['TransparencyStatements']> {
  await requireModerator(db, viewer);
  const period = periodOf(q);
  const territories = site.countries.map((c) => c.toUpperCase());
  const rows = await repo.statementRecords(db, site.id, period.from, period.to);
  return { ...period, statements: rows.map((r) => toRecord(r, territories)) };
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
