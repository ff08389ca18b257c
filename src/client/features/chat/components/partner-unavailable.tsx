import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';

/**
 * Shown in place of the composer while the other member is suspended or banned: the conversation can still be
 * read, but nothing (message, gift or photo) can be sent to him.
 */
export function PartnerUnavailableNotice() {
  return (
    <div className="chat-composer">
      <div className="alert alert-secondary mb-0" role="status" data-testid="chat-partner-unavailable">
        <p className="fw-semibold mb-1">
          <FormattedMessage id="chat.unavailable.title" defaultMessage="This member is no longer available" />
        </p>
        <p className="mb-2">
          <FormattedMessage
            id="chat.unavailable.text"
            defaultMessage="You can still read your conversation, but you can no longer send messages, gifts or photos."
          />
        </p>
        <Link to="/chats" className="btn btn-outline-primary btn-sm">
          <FormattedMessage id="chat.unavailable.back" defaultMessage="Back to messages" />
        </Link>
      </div>
    </div>
  );
}
