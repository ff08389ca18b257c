import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from '../../../components/link';
import type { Schemas } from '../../../../shared/api/client';
import { isGiftKey } from '../../../../shared/gifts';
import { CountBadge } from '../../../components/count-badge';
import { DetailsMenu } from '../../../components/details-menu';
import { MemberPhoto } from '../../../components/member-photo';
import { OnlineDot } from '../../../components/online-dot';
import { useSettings } from '../../../lib/store/store';
import { GIFT_NAMES } from '../api/gifts';

type Chat = Schemas['Chat'];

/** The last message as one line: its text, "Photo" or "Gift: Rose", with "You:" before the member's own. */
function preview(intl: IntlShape, last: NonNullable<Chat['last_message']>): string {
  const text =
    last.kind === 'gift'
      ? intl.formatMessage(
          { id: 'chats.lastGift', defaultMessage: 'Gift: {gift}' },
          { gift: last.gift && isGiftKey(last.gift) ? intl.formatMessage(GIFT_NAMES[last.gift]) : '' },
        )
      : last.kind === 'photo'
        ? last.text
          ? intl.formatMessage({ id: 'chats.lastPhotoCaption', defaultMessage: 'Photo: {caption}' }, { caption: last.text })
          : intl.formatMessage({ id: 'chats.lastPhoto', defaultMessage: 'Photo' })
        : last.text;
  return last.mine ? intl.formatMessage({ id: 'chats.lastMine', defaultMessage: 'You: {text}' }, { text }) : text;
}

/** Today's messages show their time, older ones their date. */
function when(intl: IntlShape, iso: string, now: Date): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString()
    ? intl.formatTime(at, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(at, { day: 'numeric', month: 'short' });
}

/**
 * The chat overview, most recent first: each row with the partner's photo, name and online dot, the last message,
 * its time and the unread count. Removing sits behind the row's menu and is confirmed by the page (`onRemove`).
 */
export function ChatList({ chats, onRemove, now }: { chats: readonly Chat[]; onRemove: (chat: Chat) => void; now: Date }) {
  const intl = useIntl();
  const settings = useSettings();
  if (chats.length === 0) {
    return (
      <div className="surface text-center">
        <p className="mb-3">
          <FormattedMessage id="chats.empty" defaultMessage="No conversations yet. Find someone you like and say hello." />
        </p>
        <Link to="/members" className="btn btn-primary">
          <FormattedMessage id="chats.findMembers" defaultMessage="Search members" />
        </Link>
      </div>
    );
  }
  return (
    <ul className="chat-list list-unstyled" data-testid="chat-list">
      {chats.map((chat) => (
        <li key={chat.conversation} className={`chat-list-item${chat.num_unread_messages > 0 ? ' has-unread' : ''}`}>
          <Link to={`/chats/${chat.conversation}`} className="chat-list-link">
            <span className="chat-list-photo">
              <MemberPhoto cdnPrefix={settings.cdn_prefix} image={chat.profile.main_image} alt="" name={chat.profile.name} thumb />
              <OnlineDot online={chat.profile.online} />
            </span>
            <span className="chat-list-text">
              <span className="chat-list-top">
                <span className="chat-list-name">{chat.profile.name}</span>
                {chat.last_message_at ? (
                  <time className="chat-list-time" dateTime={chat.last_message_at}>
                    {when(intl, chat.last_message_at, now)}
                  </time>
                ) : null}
              </span>
              <span className="chat-list-bottom">
                <span className="chat-list-last" data-testid="chat-last-message">
                  {chat.last_message ? preview(intl, chat.last_message) : ''}
                </span>
                <CountBadge
                  count={chat.num_unread_messages}
                  tone="unread"
                  label={intl.formatMessage(
                    { id: 'nav.unreadCount', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' },
                    { count: chat.num_unread_messages },
                  )}
                />
              </span>
            </span>
          </Link>
          <DetailsMenu
            label={intl.formatMessage({ id: 'chats.menu', defaultMessage: 'More for the chat with {name}' }, { name: chat.profile.name })}
            summary={<span aria-hidden="true">⋯</span>}
            summaryClassName="btn btn-link chat-menu-toggle"
            className="chat-menu"
          >
            <div className="chat-menu-items">
              <button
                type="button"
                className="btn btn-link text-danger"
                onClick={(event) => {
                  event.currentTarget.closest('details')?.removeAttribute('open');
                  onRemove(chat);
                }}
                aria-label={intl.formatMessage(
                  { id: 'chats.removeLabel', defaultMessage: 'Remove the chat with {name}' },
                  { name: chat.profile.name },
                )}
              >
                <FormattedMessage id="chats.remove" defaultMessage="Remove" />
              </button>
            </div>
          </DetailsMenu>
        </li>
      ))}
    </ul>
  );
}
