import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Schemas } from '../../../../shared/api/client';
import { giftImagePath, isGiftKey } from '../../../../shared/gifts';
import { photoUrl } from '../../../components/member-photo';
import type { ChatMessage } from '../api/conversation';
import { GIFT_NAMES } from '../api/gifts';
import { dayLabel, isNewDay } from '../conversation-marks';
import { PhotoBubble } from './photo-sender';

/** The id of the conversation's end: the page after a message sent without JavaScript opens there (newest in view). */
export const LATEST_ANCHOR = 'chat-latest';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  partner: Pick<Schemas['ChatPartner'], 'name'>;
  cdnPrefix: string;
  /** Whether older messages can be loaded (a button above the first). */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The member's newest message the other member has read ("Read" under it). */
  lastReadMineId: number | null;
  /** The first message that was unread as the conversation opened ("New messages" above it). */
  firstUnreadId: number | null;
  /** Today, for the day separators ("Today", "Yesterday"); the clock's by default. */
  now?: Date;
  /** A menu beside each message of the other member (reporting it). */
  messageMenu?: (message: ChatMessage) => ReactNode;
  /** The member's messages waiting to be sent (list items), after the newest message, and how many there are. */
  pending?: ReactNode;
  pendingCount?: number;
}

/**
 * The messages of a conversation, oldest first, scrolling between the header and the composer: a separator above the
 * first message of every day, the "New messages" line above the first unread one, "Read" under the member's newest
 * read message. It opens at the newest message and stays there while the list grows (a message arrives, a photo or a
 * gift loads); once the member scrolls up to read, nothing moves under him.
 */
export function MessageList({
  messages,
  partner,
  cdnPrefix,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  lastReadMineId,
  firstUnreadId,
  now,
  messageMenu,
  pending,
  pendingCount = 0,
}: MessageListProps) {
  const intl = useIntl();
  const listEnd = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // Keep the newest message in view when one arrives (or one is kept waiting for the network).
  const newestSeq = messages[messages.length - 1]?.seq ?? 0;
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [newestSeq, pendingCount]);

  const hasMessages = messages.length > 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    let stick = true;
    const onScroll = () => {
      stick = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      if (stick) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [hasMessages]);

  const timeOf = (iso: string) => intl.formatTime(iso, { hour: '2-digit', minute: '2-digit' });

  return (
    <div
      className="chat-messages"
      ref={scroller}
      // A scrollable region is reachable by keyboard (arrow keys and Page Up read older messages).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe: scrollable-region-focusable
      tabIndex={0}
    >
      {hasOlder ? (
        <div className="text-center my-2">
          <button type="button" className="btn btn-outline-dark btn-sm" onClick={onLoadOlder} disabled={loadingOlder}>
            <FormattedMessage id="chat.loadOlder" defaultMessage="Show older messages" />
          </button>
        </div>
      ) : null}
      {messages.length === 0 && pendingCount === 0 ? (
        <p className="text-center text-body-secondary my-4">
          <FormattedMessage id="chat.empty" defaultMessage="No messages yet. Say hello to {name}!" values={{ name: partner.name }} />
        </p>
      ) : null}
      <ol className="chat-message-list" aria-label={intl.formatMessage({ id: 'chat.messagesLabel', defaultMessage: 'Messages' })}>
        {messages.map((m, i) => (
          <li key={m.id} className={`chat-message ${m.mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-message">
            {isNewDay(messages[i - 1]?.created_at, m.created_at) ? (
              <div className="chat-day" data-testid="chat-day">
                <span>{dayLabel(intl, m.created_at, now)}</span>
              </div>
            ) : null}
            {m.id === firstUnreadId ? (
              <div className="chat-new-marker" data-testid="chat-new-marker">
                <span>
                  <FormattedMessage id="chat.newMessages" defaultMessage="New messages" />
                </span>
              </div>
            ) : null}
            <div className="chat-bubble">
              <span className="visually-hidden">
                {m.mine ? (
                  <FormattedMessage id="chat.youSaid" defaultMessage="You wrote:" />
                ) : (
                  <FormattedMessage id="chat.theySaid" defaultMessage="{name} wrote:" values={{ name: partner.name }} />
                )}{' '}
              </span>
              {m.removed_at ? (
                // Moderation removed it: its place stays, nothing of it is shown (the API sends no text and no photo).
                <span className="chat-text chat-removed fst-italic" data-testid="chat-removed">
                  {m.kind === 'photo' ? (
                    <FormattedMessage id="chat.photoRemoved" defaultMessage="This photo was removed" />
                  ) : (
                    <FormattedMessage id="chat.messageRemoved" defaultMessage="This message was removed" />
                  )}
                </span>
              ) : m.kind === 'gift' && m.gift && isGiftKey(m.gift) ? (
                <span className="chat-gift-message" data-testid="chat-gift">
                  <img src={giftImagePath(m.gift)} alt="" width={64} height={64} />
                  <span>
                    {m.mine ? (
                      <FormattedMessage
                        id="chat.giftSent"
                        defaultMessage="You sent a gift: {gift}"
                        values={{ gift: intl.formatMessage(GIFT_NAMES[m.gift]) }}
                      />
                    ) : (
                      <FormattedMessage
                        id="chat.giftReceived"
                        defaultMessage="{name} sent you a gift: {gift}"
                        values={{ name: partner.name, gift: intl.formatMessage(GIFT_NAMES[m.gift]) }}
                      />
                    )}
                  </span>
                </span>
              ) : m.kind === 'photo' && m.photo ? (
                <span className="chat-photo-message">
                  <PhotoBubble
                    thumb={photoUrl(cdnPrefix, m.photo, true)}
                    full={photoUrl(cdnPrefix, m.photo)}
                    alt={
                      m.mine
                        ? intl.formatMessage({ id: 'chat.photo.mine', defaultMessage: 'Your photo' })
                        : intl.formatMessage({ id: 'chat.photo.theirs', defaultMessage: 'Photo from {name}' }, { name: partner.name })
                    }
                  />
                  {m.text ? <span className="chat-text">{m.text}</span> : null}
                </span>
              ) : (
                <span className="chat-text">{m.text}</span>
              )}
              <span className="chat-meta">
                <time dateTime={m.created_at}>{timeOf(m.created_at)}</time>
                {m.held ? (
                  <span className="ms-1">
                    <FormattedMessage id="chat.held" defaultMessage="Delivered once you confirm your e-mail address" />
                  </span>
                ) : null}
                {!m.mine && messageMenu ? messageMenu(m) : null}
              </span>
            </div>
            {lastReadMineId === m.id ? (
              <div className="chat-read" data-testid="chat-read">
                <FormattedMessage id="chat.read" defaultMessage="Read" />
              </div>
            ) : null}
          </li>
        ))}
        {pending}
      </ol>
      {/* The end of the conversation: a page posted without JavaScript comes back to it (`#chat-latest`). */}
      <div ref={listEnd} id={LATEST_ANCHOR} />
    </div>
  );
}
