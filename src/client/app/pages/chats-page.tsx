import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { PageSkeleton } from '../../components/page-skeleton';
import { Seo } from '../../components/seo';
import { deleteChat } from '../../features/chat/api/delete-chat';
import { ChatList } from '../../features/chat/components/chat-list';
import { chatsKey, listChats, useChats, type ChatList as Chats } from '../../features/social/api/list-chats';
import { StreamedContent } from '../streamed';
import { prefetchForMember, prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';
import { useApi } from '../../lib/api-client';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';

/** The member's conversations, loaded with the user call. */
export async function prefetchChats(ctx: PrefetchContext): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(chatsKey(), () => listChats(ctx.api)));
}

/**
 * /chats: the member's conversations. Removing one takes it off the list at once, then deletes it on the server;
 * if that fails, an alert shows the error and the list is loaded again.
 */
export function ChatsPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const title = intl.formatMessage({ id: 'chats.title', defaultMessage: 'Messages' });

  if (!user) {
    return (
      <div className="surface">
        <Seo title={`${title} | ${settings.name}`} />
        <h1 className="h3">{title}</h1>
        <p>
          <FormattedMessage id="chats.login" defaultMessage="You need to be logged in to chat." />
        </p>
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" defaultMessage="Log in" />
        </Link>
      </div>
    );
  }

  // Streamed: the title is in the shell, the conversations follow the skeleton.
  return (
    <div className="chats-page">
      <Seo title={`${title} | ${settings.name}`} />
      <h1 className="h3 mb-3">{title}</h1>
      <StreamedContent skeleton={<PageSkeleton variant="list" count={6} />}>
        <Conversations />
      </StreamedContent>
    </div>
  );
}

function Conversations() {
  const intl = useIntl();
  const api = useApi();
  const { data, error, mutate } = useChats(true);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (conversation: number) => {
    setFailure(null);
    // The cache is empty while the page still shows the server's prefetched list: start from what is shown.
    await mutate(
      (current: Chats | undefined = data) => {
        if (!current) return current;
        const chats = current.chats.filter((c) => c.conversation !== conversation);
        return { chats, total_unread: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
      },
      { revalidate: false },
    );
    try {
      await deleteChat(api, conversation);
    } catch (err) {
      setFailure(isApiRequestError(err) ? err.message : intl.formatMessage({ id: 'chats.removeFailed', defaultMessage: 'An error occurred.' }));
      await mutate();
    }
  };

  return (
    <>
      {failure ? (
        <div className="alert alert-danger" role="alert" data-testid="chats-remove-failed">
          {failure}
        </div>
      ) : null}
      {error && !data ? (
        <div className="alert alert-warning" role="alert">
          <FormattedMessage id="chats.loadFailed" defaultMessage="Your messages could not be loaded. Please try again later." />
        </div>
      ) : !data ? (
        <Loading />
      ) : (
        <ChatList chats={data.chats} onRemove={(chat) => void remove(chat.conversation)} />
      )}
    </>
  );
}
