import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { photoUrl } from '../../../components/member-photo';
import { useSettings } from '../../../lib/store/store';
import type { QueuedReport, ReportCase } from '../api/moderation';
import { ACTION_MESSAGES, PHOTO_STATUS_MESSAGES, REASON_MESSAGES, TARGET_MESSAGES } from '../safety-messages';
import { DecisionForm } from './decision-form';
import { NoticeItem } from './notice-item';
import { EndDate } from './statement-view';

/**
 * One report: what, why, when, the reporter's track record and weight, whether it counts, and (a message) the
 * conversation around it.
 */
export function ReportItem({ report, name }: { report: QueuedReport; name: string }) {
  const intl = useIntl();
  return (
    <li className="border-top pt-2 mt-2" data-testid="queued-report">
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <span className="badge text-bg-danger">{intl.formatMessage(REASON_MESSAGES[report.reason])}</span>
        <span className="small">
          {intl.formatMessage(TARGET_MESSAGES[report.target.kind])} ·{' '}
          <FormattedDate value={report.created_at} dateStyle="medium" timeStyle="short" />
        </span>
      </div>
      {report.details ? (
        <p className="mb-1 mt-1" style={{ whiteSpace: 'pre-line' }}>
          {report.details}
        </p>
      ) : null}
      <p className="small text-body-secondary mb-1">
        <FormattedMessage
          id="safety.queue.reporter"
          defaultMessage="Reporter: {filed, plural, one {# report filed} other {# reports filed}}, {upheld} upheld"
          values={{ filed: report.reporter.filed, upheld: report.reporter.upheld }}
        />
        {' · '}
        <FormattedMessage
          id="safety.queue.reporterWeight"
          defaultMessage="Weight {weight, number}"
          values={{ weight: report.reporter.weight }}
        />
      </p>
      {report.counted ? null : (
        <p className="small text-warning-emphasis mb-1" data-testid="report-not-counted">
          <FormattedMessage
            id="safety.queue.notCounted"
            defaultMessage="Counts no weight: too many reports about this member from accounts of little weight within the hour"
          />
        </p>
      )}
      {report.messages.length > 0 ? (
        <ol
          className="safety-context"
          aria-label={intl.formatMessage({ id: 'safety.queue.context', defaultMessage: 'The conversation around the message' })}
        >
          {report.messages.map((m) => (
            <li key={m.id} className={m.reported ? 'is-reported' : undefined} data-testid={m.reported ? 'reported-message' : undefined}>
              <span className="fw-bold small">
                {m.from_member ? name : intl.formatMessage({ id: 'safety.queue.theReporter', defaultMessage: 'Reporter' })}
                {m.reported ? ` · ${intl.formatMessage({ id: 'safety.queue.reported', defaultMessage: 'reported' })}` : ''}
              </span>{' '}
              <span className="small text-body-secondary">
                <FormattedDate value={m.sent_at} dateStyle="short" timeStyle="short" />
              </span>
              <div style={{ whiteSpace: 'pre-line' }}>{m.text}</div>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/**
 * Why the moderator may not decide a case (another moderator does), or null when he may: the case is about himself,
 * holds his own report or notice, or concerns a member he blocked, was blocked by or has a conversation with.
 */
function NotYours({ reportCase }: { reportCase: ReportCase }) {
  const reason = reportCase.own_case ? (
    <FormattedMessage id="safety.queue.notYours.ownCase" defaultMessage="This case is about you: another moderator decides it." />
  ) : reportCase.own_report ? (
    <FormattedMessage
      id="safety.queue.notYours.ownReport"
      defaultMessage="You reported this member yourself (a report or notice in this case): another moderator decides it."
    />
  ) : reportCase.conflict_of_interest ? (
    <FormattedMessage
      id="safety.queue.notYours.conflict"
      defaultMessage="You blocked this member, he blocked you, or you have a conversation with him: another moderator decides it."
    />
  ) : null;
  if (!reason) return null;
  return (
    <p className="alert alert-secondary small mt-3 mb-0" data-testid="case-not-yours">
      <strong>
        <FormattedMessage id="safety.queue.notYours" defaultMessage="Not yours to decide." />
      </strong>{' '}
      {reason}
    </p>
  );
}

/**
 * A reported member with his open reports: whether he is hidden before review and what the reports weigh, his profile
 * (name, age of the account, text, all photos), his current suspension or restriction, his earlier decisions, each
 * report with its context, and the decision form — or, when the case is not the moderator's to decide, the reason
 * instead.
 */
export function ReportCaseCard({ reportCase }: { reportCase: ReportCase }) {
  const intl = useIntl();
  const settings = useSettings();
  const { member } = reportCase;
  return (
    <article className="surface safety-case mb-3" aria-labelledby={`case-${member.id}`} data-testid="report-case">
      <header className="d-flex flex-wrap justify-content-between gap-2">
        <h3 id={`case-${member.id}`} className="h5 fw-bold mb-0">
          <Link to={`/members/${member.id}`}>{member.name}</Link>
        </h3>
        <span className="small text-body-secondary">
          <FormattedMessage
            id="safety.queue.accountAge"
            defaultMessage="Member since {date} ({days, plural, one {# day} other {# days}})"
            values={{ date: <FormattedDate value={member.signup_date} dateStyle="medium" />, days: member.account_age_days }}
          />
        </span>
      </header>
      <p className="small mb-1 d-flex flex-wrap gap-2 align-items-baseline" data-testid="case-weight">
        {reportCase.hidden_before_review ? (
          <span className="badge text-bg-warning">
            <FormattedMessage id="safety.queue.hiddenBeforeReview" defaultMessage="Hidden from search until reviewed" />
          </span>
        ) : null}
        <span>
          <FormattedMessage
            id="safety.queue.caseWeight"
            defaultMessage="Weight of the reports: {weight, number}"
            values={{ weight: reportCase.weight }}
          />
        </span>
      </p>
      {member.suspended_until ? (
        <p className="text-danger small mb-1">
          <FormattedMessage
            id="safety.queue.suspendedUntil"
            defaultMessage="Suspended until {date}"
            values={{ date: <EndDate until={member.suspended_until} /> }}
          />
        </p>
      ) : member.restricted_until ? (
        <p className="text-warning-emphasis small mb-1">
          <FormattedMessage
            id="safety.queue.restrictedUntil"
            defaultMessage="Restricted until {date}"
            values={{ date: <EndDate until={member.restricted_until} /> }}
          />
        </p>
      ) : null}
      {member.about ? (
        <p className="mt-2 mb-2 small" style={{ whiteSpace: 'pre-line' }}>
          {member.about}
        </p>
      ) : null}
      {member.photos.length > 0 ? (
        <ul className="safety-case-photos my-2">
          {member.photos.map((photo, i) => (
            <li key={photo.id}>
              <img
                src={photoUrl(settings.cdn_prefix, photo, true)}
                alt={intl.formatMessage(
                  { id: 'safety.queue.photoAlt', defaultMessage: 'Photo {number} of {name} ({status})' },
                  { number: i + 1, name: member.name, status: intl.formatMessage(PHOTO_STATUS_MESSAGES[photo.status]) },
                )}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <h4 className="h6 fw-bold mt-2 mb-1">
        <FormattedMessage id="safety.queue.history" defaultMessage="Earlier decisions" />
      </h4>
      {reportCase.earlier_decisions.length === 0 ? (
        <p className="small text-body-secondary mb-1">
          <FormattedMessage id="safety.queue.noHistory" defaultMessage="None" />
        </p>
      ) : (
        <ul className="small mb-1">
          {reportCase.earlier_decisions.map((d) => (
            <li key={d.id}>
              {intl.formatMessage(ACTION_MESSAGES[d.action])} · {intl.formatMessage(REASON_MESSAGES[d.rule])} ·{' '}
              <FormattedDate value={d.created_at} dateStyle="medium" />
              {d.reversed ? ` · ${intl.formatMessage({ id: 'safety.mine.reversed', defaultMessage: 'reversed' })}` : ''}
            </li>
          ))}
        </ul>
      )}
      <h4 className="h6 fw-bold mt-2 mb-0">
        <FormattedMessage
          id="safety.queue.reports"
          defaultMessage="{count, plural, one {# open report} other {# open reports}}"
          values={{ count: reportCase.reports.length }}
        />
      </h4>
      <ul className="list-unstyled mb-0">
        {reportCase.reports.map((report) => (
          <ReportItem key={report.id} report={report} name={member.name} />
        ))}
      </ul>
      {reportCase.notices && reportCase.notices.length > 0 ? (
        <>
          <h4 className="h6 fw-bold mt-3 mb-1">
            <FormattedMessage
              id="safety.queue.caseNotices"
              defaultMessage="{count, plural, one {# notice of illegal content} other {# notices of illegal content}}"
              values={{ count: reportCase.notices.length }}
            />
          </h4>
          <ul className="list-unstyled mb-0">
            {reportCase.notices.map((n) => (
              <NoticeItem key={n.id} notice={n} />
            ))}
          </ul>
        </>
      ) : null}
      {reportCase.own_case || reportCase.own_report || reportCase.conflict_of_interest ? (
        <NotYours reportCase={reportCase} />
      ) : (
        <DecisionForm reportCase={reportCase} />
      )}
    </article>
  );
}
