import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { Modal } from '../../components/modal';
import { PageSkeleton } from '../../components/page-skeleton';
import { Seo } from '../../components/seo';
import { deleteChat } from '../../features/chat/api/delete-chat';
import { ChatList } from '../../features/chat/components/chat-list';
import { LastChatLink } from '../../features/chat/components/last-chat-link';
import { useForgetChat } from '../../features/chat/hooks/use-last-chat';
import { chatsKey, listChats, useChats, type ChatList as Chats } from '../../features/social/api/list-chats';
import { StreamedContent } from '../streamed';
import { prefetchForMember, prefetchKey, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { useApi } from '../../lib/api-client';
import { isApiRequestError } from '../../lib/api-error';
import { useAppSelector, useCurrentUser, useSettings } from '../../lib/store/store';

/** The member's conversations, loaded with the user call. */
export async function chatsLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(chatsKey(), () => listChats(ctx.api)));
}

/**
 * /chats: the member's conversations. Removing one is asked first (a sheet that says what goes); then the row leaves
 * the list and an undo toast shows for a few seconds before the server deletes it; if that fails, an alert shows
 * the error and the list is loaded again.
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

/** How long the undo toast waits before the removal goes to the server. */
const UNDO_MS = 6_000;

type Chat = Chats['chats'][number];

function Conversations() {
  const intl = useIntl();
  const api = useApi();
  const { data, error, mutate } = useChats(true);
  const renderedAt = useAppSelector((s) => s.site.renderedAt ?? null);
  const [now] = useState(() => new Date(renderedAt ?? Date.now()));
  const [failure, setFailure] = useState<string | null>(null);
  const forget = useForgetChat();
  const [confirming, setConfirming] = useState<Chat | null>(null);
  // Removed but not yet deleted: hidden from the list while the undo toast shows.
  const [pending, setPending] = useState<Chat | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingRef = useRef<Chat | null>(null);

  const commit = useCallback(
    async (chat: Chat) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pendingRef.current = null;
      setPending((p) => (p?.conversation === chat.conversation ? null : p));
      forget(chat.profile.id);
      await mutate(
        (current) => {
          if (!current) return current;
          const chats = current.chats.filter((c) => c.conversation !== chat.conversation);
          return { chats, total_unread: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
        },
        { revalidate: false },
      );
      try {
        await deleteChat(api, chat.conversation);
      } catch (err) {
        setFailure(
          isApiRequestError(err) ? err.message : intl.formatMessage({ id: 'chats.removeFailed', defaultMessage: 'An error occurred.' }),
        );
        await mutate();
      }
    },
    [api, forget, intl, mutate],
  );

  // Leaving the page (or the site) while the toast shows: the removal goes through.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    const flush = () => {
      if (pendingRef.current) void commitRef.current(pendingRef.current);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const remove = (chat: Chat) => {
    setConfirming(null);
    setFailure(null);
    if (pendingRef.current) void commit(pendingRef.current);
    pendingRef.current = chat;
    setPending(chat);
    timer.current = setTimeout(() => void commit(chat), UNDO_MS);
  };
  const undo = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingRef.current = null;
    setPending(null);
  };

  const shown = data ? data.chats.filter((c) => c.conversation !== pending?.conversation) : [];
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
        <>
          <LastChatLink />
          <ChatList chats={shown} now={now} onRemove={setConfirming} />
        </>
      )}
      {confirming ? (
        <Modal
          title={intl.formatMessage(
            { id: 'chats.removeConfirm.title', defaultMessage: 'Remove the conversation with {name}?' },
            { name: confirming.profile.name },
          )}
          onDismiss={() => setConfirming(null)}
          className="app-sheet"
          testId="chat-remove-sheet"
          footer={
            <>
              <button type="button" className="btn btn-outline-secondary text-body" onClick={() => setConfirming(null)}>
                <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
              </button>
              <button type="button" className="btn btn-danger" onClick={() => remove(confirming)}>
                <FormattedMessage id="chats.remove" defaultMessage="Remove" />
              </button>
            </>
          }
        >
          <p className="mb-0">
            <FormattedMessage
              id="chats.removeConfirm.body"
              defaultMessage="All messages, photos and gifts of this conversation disappear from your list. {name} keeps his copy."
              values={{ name: confirming.profile.name }}
            />
          </p>
        </Modal>
      ) : null}
      <div className="undo-toast-slot" aria-live="polite">
        {pending ? (
          <div className="undo-toast" role="status" data-testid="chat-undo-toast">
            <span>
              <FormattedMessage
                id="chats.removed"
                defaultMessage="Conversation with {name} removed."
                values={{ name: pending.profile.name }}
              />
            </span>
            <button type="button" className="btn btn-sm btn-light" onClick={undo}>
              <FormattedMessage id="chats.undo" defaultMessage="Undo" />
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
