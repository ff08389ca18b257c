import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { Schemas } from '../../../../shared/api/client';
import { CountBadge } from '../../../components/count-badge';
import { MemberPhoto } from '../../../components/member-photo';
import { OnlineDot } from '../../../components/online-dot';
import { useSettings } from '../../../lib/store/store';

type Chat = Schemas['Chat'];

/** The chat overview: most recent first, unread counts in the unread colour, removal per chat. */
export function ChatList({ chats, onRemove }: { chats: readonly Chat[]; onRemove: (chat: Chat) => void }) {
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
            <MemberPhoto cdnPrefix={settings.cdn_prefix} image={chat.profile.main_image} alt="" name={chat.profile.name} thumb />
            <span className="chat-list-text">
              <span className="chat-list-name">
                {chat.profile.name}
                <OnlineDot online={chat.profile.online} />
              </span>
              {chat.last_message_at ? (
                <time className="small text-body-secondary" dateTime={chat.last_message_at}>
                  {intl.formatDate(chat.last_message_at, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
                </time>
              ) : null}
            </span>
            <CountBadge
              count={chat.num_unread_messages}
              tone="unread"
              label={intl.formatMessage(
                { id: 'nav.unreadCount', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' },
                { count: chat.num_unread_messages },
              )}
            />
          </Link>
          <button
            type="button"
            className="btn btn-outline-dark btn-sm chat-remove"
            onClick={() => onRemove(chat)}
            aria-label={intl.formatMessage({ id: 'chats.removeLabel', defaultMessage: 'Remove the chat with {name}' }, { name: chat.profile.name })}
          >
            <FormattedMessage id="chats.remove" defaultMessage="Remove" />
          </button>
        </li>
      ))}
    </ul>
  );
}
