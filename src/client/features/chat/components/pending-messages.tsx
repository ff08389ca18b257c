import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { rememberReturnAfterPurchase } from '../../../lib/return-after-purchase';
import type { OutboxItem } from '../outbox/outbox-storage';

export interface PendingMessagesProps {
  items: readonly OutboxItem[];
  /** The key of the message being sent right now. */
  sending: string | null;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
}

/** What a waiting message's bubble says: waiting, being sent, or why the backend refused it. */
function PendingState({ item, sending, links = true }: { item: OutboxItem; sending: boolean; links?: boolean }) {
  const intl = useIntl();
  const location = useLocation();
  const problem = item.problem;
  if (item.expired) return <FormattedMessage id="chat.outbox.expired" defaultMessage="Not sent: it waited too long — write it again." />;
  if (sending) return <FormattedMessage id="chat.outbox.sending" defaultMessage="Sending…" />;
  if (!problem) return <FormattedMessage id="chat.outbox.waiting" defaultMessage="Waiting for network" />;
  if (problem.kind === 'credits')
    return (
      <>
        <FormattedMessage id="credits.alert.insufficient" defaultMessage="You don't have enough credits" />{' '}
        {links ? (
          <Link to="/credits" onClick={() => rememberReturnAfterPurchase(`${location.pathname}${location.search}`)}>
            <FormattedMessage id="credits.alert.buy" defaultMessage="Buy credits" />
          </Link>
        ) : null}
      </>
    );
  if (problem.kind === 'premium')
    return (
      <>
        <FormattedMessage
          id="chat.alert.premium"
          defaultMessage="Free members can start {limit} conversations. Go premium to write to more members."
          values={{ limit: problem.limit }}
        />{' '}
        {links ? (
          <Link to="/premium">
            <FormattedMessage id="chat.alert.goPremium" defaultMessage="Get Premium" />
          </Link>
        ) : null}
      </>
    );
  return (
    <>
      {(problem.kind === 'text' && problem.message) ||
        intl.formatMessage({ id: 'chat.sendFailed', defaultMessage: 'An error occurred, please try again later.' })}
    </>
  );
}

/**
 * The member's messages waiting in the outbox, at the end of the conversation's list: his bubble marked "Waiting for
 * network" (or "Sending…"), with Cancel; one the backend refused on its resend says why (in his language), with
 * Try again and Cancel, as the composer's alert does; one that waited too long says it was not sent and he should write
 * it again, with Remove (it is never sent). Render inside the message list's `<ol>`.
 */
export function PendingMessages({ items, sending, onCancel, onRetry }: PendingMessagesProps) {
  const baseId = useId();
  return (
    <>
      {items.map((item, i) => {
        const textId = `${baseId}-${i}`;
        const busy = sending === item.key;
        const stopped = item.problem !== undefined || item.expired === true;
        return (
          <li key={item.key} className={`chat-message is-mine chat-pending${item.expired ? ' is-expired' : ''}`} data-testid="chat-pending">
            <div className="chat-bubble">
              <span className="visually-hidden">
                <FormattedMessage id="chat.youSaid" defaultMessage="You wrote:" />{' '}
              </span>
              <span className="chat-text" id={textId}>
                {item.text}
              </span>
              {stopped ? null : (
                <span className="chat-meta" data-testid="chat-pending-state">
                  <PendingState item={item} sending={busy} />
                </span>
              )}
            </div>
            {stopped ? (
              <div className="chat-pending-problem small" data-testid="chat-pending-problem">
                <PendingState item={item} sending={busy} />
              </div>
            ) : null}
            <div className="chat-pending-actions">
              {item.problem && !item.expired ? (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  aria-describedby={textId}
                  disabled={busy}
                  onClick={() => onRetry(item.key)}
                >
                  <FormattedMessage id="chat.outbox.retry" defaultMessage="Try again" />
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-outline-secondary text-body btn-sm"
                aria-describedby={textId}
                disabled={busy}
                onClick={() => onCancel(item.key)}
              >
                {item.expired ? (
                  <FormattedMessage id="chat.outbox.remove" defaultMessage="Remove" />
                ) : (
                  <FormattedMessage id="chat.outbox.cancel" defaultMessage="Cancel" />
                )}
              </button>
            </div>
          </li>
        );
      })}
    </>
  );
}

/**
 * A polite live region, always on the page, that says the state of the newest waiting message (a region added with
 * its text is not read out reliably, so this one stays and its text changes).
 */
export function PendingStatus({ items, sending }: Pick<PendingMessagesProps, 'items' | 'sending'>) {
  const newest = items[items.length - 1];
  return (
    <div className="visually-hidden" role="status" data-testid="chat-pending-status">
      {newest ? <PendingState item={newest} sending={sending === newest.key} links={false} /> : null}
    </div>
  );
}
