import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useReportQueue, type ReportCase } from '../api/moderation';
import type { DecisionOutcome } from './decision-form';
import { NoticeItem, UnassignedNoticeActions, type NoticeOutcome } from './notice-item';
import { QueueList, type QueueNotice } from './queue-list';
import { ReportCaseCard } from './report-case';

type Notice = QueueNotice;

/**
 * The open reports per reported member, the longest waiting first, then the open notices. A decision takes the case
 * off the list; a conflict (another moderator decided first) says so and loads the queue again.
 */
export function ReportQueueView() {
  const intl = useIntl();
  const { data, error, mutate } = useReportQueue();
  const [notice, setNotice] = useState<Notice | null>(null);

  const outcome = (reportCase: ReportCase) => (result: DecisionOutcome) => {
    const name = reportCase.member.name;
    setNotice(
      result.kind === 'decided'
        ? {
            tone: 'success',
            text: intl.formatMessage({ id: 'safety.queue.decided', defaultMessage: 'The reports about {name} are decided.' }, { name }),
          }
        : {
            tone: 'warning',
            text: intl.formatMessage(
              {
                id: 'safety.queue.conflict',
                defaultMessage:
                  'Another moderator decided reports about {name} first. Nothing was changed; the queue shows the current state.',
              },
              { name },
            ),
          },
    );
    void mutate();
  };

  const noticeOutcome = (result: NoticeOutcome) => {
    const { reference } = result;
    setNotice(
      result.kind === 'conflict'
        ? {
            tone: 'warning',
            text: intl.formatMessage(
              { id: 'safety.notice.conflict', defaultMessage: 'Notice {reference} was handled by another moderator first.' },
              { reference },
            ),
          }
        : {
            tone: 'success',
            text:
              result.kind === 'assigned'
                ? intl.formatMessage(
                    { id: 'safety.notice.assigned', defaultMessage: 'Notice {reference} is now part of the member’s case.' },
                    { reference },
                  )
                : intl.formatMessage({ id: 'safety.notice.dismissed', defaultMessage: 'Notice {reference} was dismissed.' }, { reference }),
          },
    );
    void mutate();
  };

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
            <ReportCaseCard key={reportCase.member.id} reportCase={reportCase} onOutcome={outcome(reportCase)} />
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
                    <UnassignedNoticeActions notice={n} onOutcome={noticeOutcome} />
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
