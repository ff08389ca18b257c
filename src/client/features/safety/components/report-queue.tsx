import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useReportQueue } from '../api/moderation';
import { reportsOutcomeOf, type ReportsOutcome } from '../moderation-forms';
import { NoticeItem, UnassignedNoticeActions } from './notice-item';
import { QueueList, type QueueNotice } from './queue-list';
import { ReportCaseCard } from './report-case';

/**
 * The open reports per reported member (hidden before review, then by weight, then by age), then the open notices. A
 * decision takes the case off the list; the page's address after it says it was decided, or that another moderator
 * decided first (the queue shown is then the current one).
 */
export function ReportQueueView() {
  const intl = useIntl();
  const { data, error } = useReportQueue();
  const [search] = useSearchParams();
  const outcome = reportsOutcomeOf(search);
  const notice = outcome ? noticeOf(outcome) : null;

  function noticeOf(o: ReportsOutcome): QueueNotice {
    switch (o.kind) {
      case 'decided':
        return {
          tone: 'success',
          text: intl.formatMessage(
            { id: 'safety.queue.decided', defaultMessage: 'The reports about {name} are decided.' },
            { name: o.name },
          ),
        };
      case 'conflict':
        return {
          tone: 'warning',
          text: intl.formatMessage(
            {
              id: 'safety.queue.conflict',
              defaultMessage:
                'Another moderator decided reports about {name} first. Nothing was changed; the queue shows the current state.',
            },
            { name: o.name },
          ),
        };
      case 'notice-conflict':
        return {
          tone: 'warning',
          text: intl.formatMessage(
            { id: 'safety.notice.conflict', defaultMessage: 'Notice {reference} was handled by another moderator first.' },
            { reference: o.reference },
          ),
        };
      case 'notice-assigned':
        return {
          tone: 'success',
          text: intl.formatMessage(
            { id: 'safety.notice.assigned', defaultMessage: 'Notice {reference} is now part of the member’s case.' },
            { reference: o.reference },
          ),
        };
      case 'notice-dismissed':
        return {
          tone: 'success',
          text: intl.formatMessage(
            { id: 'safety.notice.dismissed', defaultMessage: 'Notice {reference} was dismissed.' },
            { reference: o.reference },
          ),
        };
    }
  }

  return (
    <QueueList
      data={data}
      error={error}
      notice={notice}
      noticeTestId="queue-notice"
      isEmpty={(queue) => queue.cases.length === 0 && queue.notices.length === 0}
      empty={<FormattedMessage id="safety.queue.empty" defaultMessage="No open reports." />}
    >
      {(queue) => (
        <>
          {queue.cases.map((reportCase) => (
            // A case whose reports changed is another form (a new attempt, a new key).
            <ReportCaseCard key={`${reportCase.member.id}:${reportCase.reports.map((r) => r.id).join(',')}`} reportCase={reportCase} />
          ))}
          {queue.notices.length > 0 ? (
            <section aria-labelledby="safety-notices" className="mt-4">
              <h2 id="safety-notices" className="h5 fw-bold">
                <FormattedMessage id="safety.queue.notices" defaultMessage="Notices of illegal content" />
              </h2>
              <p className="small text-body-secondary">
                <FormattedMessage
                  id="safety.queue.noticesHint"
                  defaultMessage="These notices name no member of the site. Add each to a member’s case with a URL of his profile or photo, or dismiss it."
                />
              </p>
              <ul className="list-unstyled">
                {queue.notices.map((n) => (
                  <NoticeItem key={n.id} notice={n}>
                    <UnassignedNoticeActions notice={n} />
                  </NoticeItem>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </QueueList>
  );
}
