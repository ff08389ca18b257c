import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { useSWRConfig } from 'swr';
import { Seo } from '../../components/seo';
import { conversationKey, getConversation, parseId, type ConversationRef } from '../../features/chat/api/conversation';
import { GIFTS_KEY, listGifts, sendGift } from '../../features/chat/api/gifts';
import { sendMessage, type SentMessage } from '../../features/chat/api/send-message';
import { sendPhotoMessage } from '../../features/chat/api/send-photo';
import { ConversationView } from '../../features/chat/components/conversation-view';
import { LATEST_ANCHOR } from '../../features/chat/components/message-list';
import { CHAT_FORM, GIFTS_OPEN } from '../../features/chat/components/message-composer';
import { EMPTY_MESSAGE } from '../../features/chat/send-problem';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { chatsKey } from '../../features/social/api/list-chats';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import { albumShareAction, isAlbumShareForm } from '../album-share-action';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import {
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  searchOf,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';

function referenceOf(kind: 'conversation' | 'member', raw: string | undefined): ConversationRef | null {
  const id = parseId(raw);
  if (id === null) return null;
  return kind === 'conversation' ? { conversation: id } : { profileId: id };
}

function conversationLoaderOf(kind: 'conversation' | 'member') {
  return async ({ params, request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> => {
    const reference = referenceOf(kind, params.id);
    if (!reference) return { status: 404 };
    // The gift picker opened by its link (the page without JavaScript) shows the gifts in the first render.
    const gifts = searchOf(request).get(GIFTS_OPEN.name) === GIFTS_OPEN.value;
    const result = await prefetchForMember(ctx, async () => {
      const [conversation, catalogue] = await Promise.all([
        prefetchKey(conversationKey(reference), () => getConversation(ctx.api, reference)),
        gifts ? prefetchKey(GIFTS_KEY, () => listGifts(ctx.api)) : Promise.resolve<PrefetchResult>({}),
      ]);
      return mergePrefetched(conversation, catalogue);
    });
    const failure = result.errors?.[conversationKey(reference)];
    return failure && (failure.status === 404 || failure.status === 400) ? { ...result, status: 404 } : result;
  };
}

/** /chats/:id */
export const conversationLoader = conversationLoaderOf('conversation');
/** /members/:id/chat */
export const memberConversationLoader = conversationLoaderOf('member');

/** What the composer's fetcher gets from a message, photo or gift sent. */
type SentAnswer = InPlaceAnswer<SentMessage>;

/**
 * The forms posted to /chats/:id or /members/:id/chat. The album share form (`intent=album-share`, the header's album
 * menu) shares the member's private album with the other member or takes it back, as on his profile, then 303 back to
 * the conversation. The composer's form: the message goes to the backend with the form's
 * Idempotency-Key (a repeated post is sent and charged once). A photo chosen in the form goes as a photo message with
 * the text as its caption; a gift of the picker (`gift`, the gift's key) posted with the same form goes instead of the
 * text; both with the form's key too (sent and charged once). Posted by the browser (without JavaScript, or before the
 * page hydrated), the answer is a 303 to the conversation's end (the newest message in view), and a refusal (no credits, too long, blocked…) renders the
 * page again with the backend's message in the member's language and the text kept. Sent by the composer's fetcher,
 * the answer is the sent message in place (the conversation takes it), or the refusal.
 */
export async function conversationAction({ request, context }: PageActionArgs): Promise<Response | FormFailure | SentAnswer> {
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  // The album menu's form: shares the member's private album with the other member or takes it back, then the page.
  if (isAlbumShareForm(form)) return albumShareAction(form, context.api, here);
  const profileId = parseId(textField(form, 'profile_id'));
  if (profileId === null) return seeOther(here);
  const text = textField(form, 'text').trim();
  const key = idempotencyKeyOf(form);
  const gift = textField(form, 'gift');
  const photo = form.get('photo');
  const hasPhoto = photo instanceof File && photo.size > 0;
  // Posted without JavaScript with nothing in it: said in the member's language, nothing goes to the backend.
  if (!hasPhoto && !gift && text === '')
    return {
      form: CHAT_FORM,
      status: 422,
      body: { error: { code: EMPTY_MESSAGE, message: '' } },
      fields: { text: '', [IDEMPOTENCY_FIELD]: key },
    };
  // One message per post: a chosen photo (the text its caption), else a gift of the picker, else the text.
  const [kept, send] = hasPhoto
    ? [{ text }, () => sendPhotoMessage(context.api, { profile_id: profileId, text, photo, filename: photo.name || 'photo.jpg' }, key)]
    : gift
      ? [{ text: '', gift }, () => sendGift(context.api, { profile_id: profileId, gift }, key)]
      : [{ text }, () => sendMessage(context.api, { profile_id: profileId, text }, key)];
  return runFormAction(CHAT_FORM, { ...kept, [IDEMPOTENCY_FIELD]: key }, send, (sent) =>
    answerInPlace(form, sent, seeOther(`/chats/${sent.message.conversation}#${LATEST_ANCHOR}`)),
  );
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
