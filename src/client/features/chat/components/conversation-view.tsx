import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { MemberPhoto } from '../../../components/member-photo';
import { Loading } from '../../../components/loading';
import { isApiRequestError } from '../../../lib/api-error';
import { useSettings } from '../../../lib/store/store';
import { ChatAlbumMenu, SharedAlbumLink } from '../../albums/index';
import { ReportMenu, reportPagePath } from '../../safety/index';
import { conversationKey, type ConversationRef } from '../api/conversation';
import { firstUnreadId } from '../conversation-marks';
import { useConversationLive } from '../hooks/use-conversation-live';
import { useConversationOutbox } from '../outbox/use-outbox';
import type { SendProblem } from '../send-problem';
import { SendProblemAlert } from './chat-alerts';
import { LastOnline } from './last-online';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { PartnerUnavailableNotice } from './partner-unavailable';
import { PendingMessages, PendingStatus } from './pending-messages';
import { VerifiedBadge } from '../../../components/verified-badge';
import { HostLabel } from '../../../components/host-label';

/**
 * A conversation (chat layout): the other member with his online state, the messages with paging back, day
 * separators, the "New messages" line, read receipts and the typing indicator from the event stream, and the
 * composer (or, while the other member is suspended or banned, a notice that he is no longer available). A host (one of
 * the site's fictional profiles) carries the host label in the header and the site's warning above the messages.
 * The header's lock menu shares the member's private album with the other member (or takes it back), and a line
 * under it links to the other member's album when he shares it with the member (both from the conversation's
 * `private_album`, which a backend may leave out: then neither shows).
 * Opening it (and every message that arrives while it is visible) moves the read marker. `onChatsChanged`
 * lets the page refresh the chat list and badges. Render it with `key={conversationKey(reference)}`, so another
 * conversation starts with fresh state.
 */
export function ConversationView({ reference, onChatsChanged }: { reference: ConversationRef; onChatsChanged: () => void }) {
  const intl = useIntl();
  const settings = useSettings();
  const live = useConversationLive(reference, onChatsChanged);
  // Messages the network took wait here and go out with their own key once it is back (outbox/outbox.ts).
  const outbox = useConversationOutbox(live.partner?.id ?? ('profileId' in reference ? reference.profileId : 0), live.delivered);
  const [olderProblem, setOlderProblem] = useState<SendProblem | null>(null);
  const titleId = useId();
  const { data, error, partner } = live;

  if (error) {
    const missing = isApiRequestError(error) && (error.status === 404 || error.status === 400);
    return (
      <div className="chat-screen chat-screen-empty">
        <div className="alert alert-warning" role="alert">
          {missing ? (
            <FormattedMessage id="chat.notAvailable" defaultMessage="This conversation is not available." />
          ) : (
            <FormattedMessage id="chat.loadFailed" defaultMessage="The conversation could not be loaded." />
          )}
        </div>
        <Link to="/chats" className="btn btn-primary">
          <FormattedMessage id="chat.backToChats" defaultMessage="Back to messages" />
        </Link>
      </div>
    );
  }
  if (!data || !partner) return <Loading />;

  const loadOlder = async () => {
    setOlderProblem(null);
    if (!(await live.loadOlder())) {
      setOlderProblem({
        kind: 'text',
        message: intl.formatMessage({ id: 'chat.olderFailed', defaultMessage: 'Older messages could not be loaded.' }),
      });
    }
  };

  return (
    <section className="chat-screen" aria-labelledby={titleId}>
      <header className="chat-header">
        <Link
          to="/chats"
          className="btn btn-link chat-back"
          aria-label={intl.formatMessage({ id: 'chat.backToChats', defaultMessage: 'Back to messages' })}
        >
          <span aria-hidden="true">‹</span>
        </Link>
        {/* The name beside it links to the same profile: the photo is a second, mouse-only way there. */}
        <Link to={`/members/${partner.id}`} className="chat-partner" tabIndex={-1} aria-hidden="true">
          <MemberPhoto cdnPrefix={settings.cdn_prefix} image={partner.main_image} alt="" name={partner.name} thumb />
        </Link>
        <div className="chat-partner-text">
          <div className="chat-partner-name">
            <h1 id={titleId} className="h5 mb-0">
              <Link to={`/members/${partner.id}`}>{partner.name}</Link>
              {partner.verified ? <VerifiedBadge /> : null}
            </h1>
            <HostLabel profile={partner} />
          </div>
          <LastOnline online={partner.online} lastActive={partner.last_active} />
        </div>
        {data.private_album ? <ChatAlbumMenu partner={partner} info={data.private_album} /> : null}
      </header>
      {data.private_album ? <SharedAlbumLink partner={partner} info={data.private_album} /> : null}
      {partner.fictional && settings.fictional_icon ? (
        <p className="fictional-warning small chat-host-notice" data-testid="host-notice">
          <span aria-hidden="true">{settings.fictional_icon} </span>
          {settings.fictional_warning}
        </p>
      ) : null}

      <MessageList
        messages={live.messages}
        partner={partner}
        cdnPrefix={settings.cdn_prefix}
        hasOlder={live.cursor !== null}
        loadingOlder={live.loadingOlder}
        onLoadOlder={() => void loadOlder()}
        lastReadMineId={live.lastReadMineId}
        firstUnreadId={firstUnreadId(live.messages, live.openedReadSeq)}
        pendingCount={outbox.items.length}
        pending={
          <PendingMessages
            items={outbox.items}
            sending={outbox.sending}
            onCancel={outbox.cancel}
            onRetry={(key) => void outbox.retry(key)}
          />
        }
        messageMenu={(m) => (
          <ReportMenu
            name={partner.name}
            label={intl.formatMessage(
              { id: 'safety.menu.messageLabel', defaultMessage: 'More for this message from {name}' },
              { name: partner.name },
            )}
            summaryClassName="btn btn-link btn-sm chat-message-menu-toggle"
            className="chat-message-menu"
            items={[
              {
                label: intl.formatMessage({ id: 'safety.report.messageItem', defaultMessage: 'Report this message' }),
                target: { kind: 'message', id: m.id },
                href: reportPagePath(partner.id, { kind: 'message', id: m.id }),
              },
            ]}
          />
        )}
      />

      <PendingStatus items={outbox.items} sending={outbox.sending} />
      <div className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {live.typing ? <FormattedMessage id="chat.typing" defaultMessage="{name} is typing…" values={{ name: partner.name }} /> : null}
      </div>

      {olderProblem ? (
        <div className="px-3">
          <SendProblemAlert problem={olderProblem} onClose={() => setOlderProblem(null)} />
        </div>
      ) : null}
      {data.partner_available === false ? (
        <PartnerUnavailableNotice />
      ) : (
        <MessageComposer
          partner={partner}
          conversationId={live.conversationId}
          allowance={data.allowance}
          draftKey={conversationKey(reference)}
          onDelivered={live.delivered}
          onOffline={outbox.queue}
        />
      )}
    </section>
  );
}
