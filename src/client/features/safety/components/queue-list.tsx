import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';

/** What the last action in a queue came to: done, or overtaken by another moderator. */
export type QueueNotice = { tone: 'success' | 'warning'; text: string };

/**
 * The frame of a moderation queue (reports, appeals): the load failure or the spinner until the queue is there, the
 * live region that announces what the moderator's last action came to, the empty state, and the items.
 */
export function QueueList<T>({
  data,
  error,
  notice,
  noticeTestId,
  empty,
  isEmpty,
  children,
}: {
  data: T | undefined;
  error: unknown;
  notice: QueueNotice | null;
  noticeTestId: string;
  /** Shown when `isEmpty(data)`. */
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  /** The items, rendered once the queue is loaded (also after an empty state, e.g. notices after no reports). */
  children: (data: T) => ReactNode;
}) {
  if (error && !data) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return <Loading />;
  return (
    <>
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color={notice.tone} fade={false} className="mb-3" data-testid={noticeTestId}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {isEmpty(data) ? <p className="surface text-center text-body-secondary">{empty}</p> : null}
      {children(data)}
    </>
  );
}
