import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { useSWRConfig } from 'swr';
import { Seo } from '../../components/seo';
import { conversationKey, getConversation, parseId, type ConversationRef } from '../../features/chat/api/conversation';
import { ConversationView } from '../../features/chat/components/conversation-view';
import { chatsKey } from '../../features/social/api/list-chats';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { prefetchForMember, prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';

function referenceOf(kind: 'conversation' | 'member', raw: string | undefined): ConversationRef | null {
  const id = parseId(raw);
  if (id === null) return null;
  return kind === 'conversation' ? { conversation: id } : { profileId: id };
}

export function prefetchConversation(kind: 'conversation' | 'member') {
  return async (ctx: PrefetchContext): Promise<PrefetchResult> => {
    const reference = referenceOf(kind, ctx.params.id);
    if (!reference) return { status: 404 };
    const result = await prefetchForMember(ctx, () => prefetchKey(conversationKey(reference), () => getConversation(ctx.api, reference)));
    const failure = result.errors?.[conversationKey(reference)];
    return failure && (failure.status === 404 || failure.status === 400) ? { ...result, status: 404 } : result;
  };
}

/** /chats/:id (a conversation) and /members/:id/chat (starting one), in the chat layout. */
export function ConversationPage({ kind }: { kind: 'conversation' | 'member' }) {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const { mutate } = useSWRConfig();
  const reference = referenceOf(kind, useParams().id);
  const onChatsChanged = useCallback(() => void mutate(chatsKey()), [mutate]);
  const title = `${intl.formatMessage({ id: 'chats.title', defaultMessage: 'Messages' })} | ${settings.name}`;

  if (!user || !reference) {
    return (
      <div className="chat-screen chat-screen-empty">
        <Seo title={title} />
        <p>
          {reference ? (
            <FormattedMessage id="chats.login" defaultMessage="You need to be logged in to chat." />
          ) : (
            <FormattedMessage id="chat.notAvailable" defaultMessage="This conversation is not available." />
          )}
        </p>
        <Link to={reference ? '/login' : '/chats'} className="btn btn-primary">
          {reference ? (
            <FormattedMessage id="nav.login" defaultMessage="Log in" />
          ) : (
            <FormattedMessage id="chat.backToChats" defaultMessage="Back to messages" />
          )}
        </Link>
      </div>
    );
  }
  return (
    <>
      <Seo title={title} />
      <ConversationView key={conversationKey(reference)} reference={reference} onChatsChanged={onChatsChanged} />
    </>
  );
}
