import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { Link } from '../../../components/link';
import { Loading } from '../../../components/loading';
import { useMyReports } from '../api/reports';
import { useStatements } from '../api/statements';
import { ACTION_MESSAGES, APPEAL_STATUS_MESSAGES, REASON_MESSAGES, REPORT_STATUS_MESSAGES, TARGET_MESSAGES } from '../safety-messages';
import { EndDate } from './statement-view';

function LoadFailed() {
  return (
    <Alert color="danger" fade={false} className="mb-0">
      <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
    </Alert>
  );
}

/** The member's own reports, newest first, with what he learns of the outcome. */
export function MyReportsList() {
  const intl = useIntl();
  const { data, error } = useMyReports(true);
  if (error && !data) return <LoadFailed />;
  if (!data) return <Loading />;
  if (data.reports.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        <FormattedMessage id="safety.mine.noReports" defaultMessage="You have not reported anything." />
      </p>
    );
  }
  return (
    <ul className="list-unstyled mb-0" data-testid="my-reports">
      {data.reports.map((report) => (
        <li key={report.id} className="border-bottom py-2">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-bold">{report.reference}</span>
            <span className={report.status === 'action_taken' ? 'text-success' : 'text-body-secondary'}>
              {intl.formatMessage(REPORT_STATUS_MESSAGES[report.status])}
            </span>
          </div>
          <div className="small text-body-secondary">
            {intl.formatMessage(TARGET_MESSAGES[report.target.kind])} · {intl.formatMessage(REASON_MESSAGES[report.reason])} ·{' '}
            <FormattedDate value={report.created_at} dateStyle="medium" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The decisions about the member (statements of reasons), newest first, each linking to its statement. */
export function MyStatementsList() {
  const intl = useIntl();
  const { data, error } = useStatements(true);
  if (error && !data) return <LoadFailed />;
  if (!data) return <Loading />;
  if (data.statements.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        <FormattedMessage id="safety.mine.noDecisions" defaultMessage="There are no decisions about you." />
      </p>
    );
  }
  return (
    <ul className="list-unstyled mb-0" data-testid="my-statements">
      {data.statements.map((statement) => (
        <li key={statement.id} className="border-bottom py-2">
          <Link to={`/safety/statements/${statement.id}`} className="fw-bold">
            {intl.formatMessage(ACTION_MESSAGES[statement.action])}
          </Link>
          <div className="small text-body-secondary">
            <FormattedDate value={statement.created_at} dateStyle="medium" />
            {statement.until ? (
              <>
                {' · '}
                <FormattedMessage
                  id="safety.mine.until"
                  defaultMessage="until {date}"
                  values={{ date: <EndDate until={statement.until} /> }}
                />
              </>
            ) : null}
            {statement.reversed_at ? (
              <>
                {' · '}
                <FormattedMessage id="safety.mine.reversed" defaultMessage="reversed" />
              </>
            ) : statement.appeal ? (
              <>
                {' · '}
                {intl.formatMessage(APPEAL_STATUS_MESSAGES[statement.appeal.status])}
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
