import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { Statement } from '../api/statements';
import {
  ACTION_MESSAGES,
  APPEAL_STATUS_MESSAGES,
  CONTENT_MESSAGES,
  REASON_MESSAGES,
  REDRESS_MESSAGES,
  SOURCE_MESSAGES,
} from '../safety-messages';

/** When a restriction or suspension ends: a date, "no end" for a ban. */
export function EndDate({ until }: { until: string }) {
  if (until === 'infinity' || Number.isNaN(Date.parse(until))) {
    return <FormattedMessage id="safety.statement.noEnd" defaultMessage="without end" />;
  }
  return <FormattedDate value={until} dateStyle="long" timeStyle="short" />;
}

/**
 * Everything a statement of reasons says: the measure and its duration, the removed content, the facts, the terms
 * rule, what led to it, whether automated means were used, until when it can be appealed, and the ways to contest it.
 */
export function StatementView({ statement }: { statement: Statement }) {
  const intl = useIntl();
  const rows: { label: string; value: ReactNode; testId?: string }[] = [
    {
      label: intl.formatMessage({ id: 'safety.statement.measure', defaultMessage: 'Measure' }),
      value: intl.formatMessage(ACTION_MESSAGES[statement.action]),
      testId: 'statement-action',
    },
  ];
  if (statement.content) {
    rows.push({
      label: intl.formatMessage({ id: 'safety.statement.content', defaultMessage: 'Content concerned' }),
      value: intl.formatMessage(CONTENT_MESSAGES[statement.content.kind]),
    });
  }
  if (statement.days !== null) {
    rows.push({
      label: intl.formatMessage({ id: 'safety.statement.duration', defaultMessage: 'Duration' }),
      value: intl.formatMessage(
        { id: 'safety.statement.days', defaultMessage: '{days, plural, one {# day} other {# days}}' },
        { days: statement.days },
      ),
    });
  }
  if (statement.until) {
    rows.push({
      label: intl.formatMessage({ id: 'safety.statement.until', defaultMessage: 'Until' }),
      value: <EndDate until={statement.until} />,
      testId: 'statement-until',
    });
  }
  rows.push(
    {
      label: intl.formatMessage({ id: 'safety.statement.rule', defaultMessage: 'Rule of our terms' }),
      value: intl.formatMessage(REASON_MESSAGES[statement.rule]),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.source', defaultMessage: 'How we learned of it' }),
      value: intl.formatMessage(SOURCE_MESSAGES[statement.source]),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.automated', defaultMessage: 'Automated means' }),
      value: statement.automated
        ? intl.formatMessage({ id: 'safety.statement.automatedYes', defaultMessage: 'Automated means were used.' })
        : intl.formatMessage({ id: 'safety.statement.automatedNo', defaultMessage: 'No automated means were used; a person decided.' }),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.decided', defaultMessage: 'Decided on' }),
      value: <FormattedDate value={statement.created_at} dateStyle="long" timeStyle="short" />,
    },
  );
  return (
    <div data-testid="statement">
      {statement.reversed_at ? (
        <div className="alert alert-success" role="status" data-testid="statement-reversed">
          <FormattedMessage
            id="safety.statement.reversed"
            defaultMessage="This decision was reversed on {date}; its effect is lifted."
            values={{ date: <FormattedDate value={statement.reversed_at} dateStyle="long" /> }}
          />
        </div>
      ) : null}
      <dl className="row mb-3">
        {rows.map((row) => (
          <div key={row.label} className="col-12 d-sm-flex gap-3 mb-2" data-testid={row.testId}>
            <dt className="flex-shrink-0" style={{ minWidth: '12rem' }}>
              {row.label}
            </dt>
            <dd className="mb-0">{row.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="h5 fw-bold">
        <FormattedMessage id="safety.statement.facts" defaultMessage="Facts and circumstances" />
      </h2>
      <p style={{ whiteSpace: 'pre-line' }} data-testid="statement-facts">
        {statement.facts}
      </p>
      <h2 className="h5 fw-bold">
        <FormattedMessage id="safety.statement.redress" defaultMessage="How you can contest this decision" />
      </h2>
      <ul>
        {statement.redress.map((way) => (
          <li key={way}>{intl.formatMessage(REDRESS_MESSAGES[way])}</li>
        ))}
      </ul>
      {statement.appeal ? (
        <p className="alert alert-info" role="status" data-testid="appeal-status">
          {intl.formatMessage(APPEAL_STATUS_MESSAGES[statement.appeal.status])}
        </p>
      ) : null}
    </div>
  );
}
