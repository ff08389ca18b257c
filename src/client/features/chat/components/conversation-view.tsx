import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { useSWRConfig } from 'swr';
import { TYPING_SHOWN_MS, TYPING_SIGNAL_INTERVAL_MS } from '../../../../shared/chat';
import { giftImagePath, isGiftKey } from '../../../../shared/gifts';
import { hasVisibleText } from '../../../../shared/visible-text';
import { MemberPhoto, photoUrl } from '../../../components/member-photo';
import { Loading } from '../../../components/loading';
import { isApiRequestError } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useRememberChat } from '../hooks/use-last-chat';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSettings } from '../../../lib/store/store';
import {
  conversationKey,
  getConversation,
  mergeMessages,
  useConversation,
  type ChatMessage,
  type Conversation,
  type ConversationRef,
} from '../api/conversation';
import { GIFT_NAMES, sendGift, type Gift } from '../api/gifts';
import { markRead } from '../api/mark-read';
import { sendMessage, type SentMessage } from '../api/send-message';
import { sendPhotoMessage } from '../api/send-photo';
import { sendTyping } from '../api/send-typing';
import { useChatDraft } from '../drafts';
import { useChatEvents } from '../hooks/use-chat-events';
import { SendProblemAlert, sendProblemOf, type SendProblem } from './chat-alerts';
import { GiftPanel } from './gift-panel';
import { LastOnline } from './last-online';
import { PhotoBubble, PhotoSender } from './photo-sender';

/** Characters as the server counts them (code points). */
const lengthOf = (text: string) => [...text].length;

/**
 * A conversation (chat layout): the other member with his online state, the messages with paging back,
 * read receipts and the typing indicator from the event stream, and the composer with its character count, free
 * messages and daily first-message allowance. Opening it (and every message that arrives while it is visible) moves
 * the read marker. `onChatsChanged` lets the page refresh the chat list and badges. Render it with
 * `key={conversationKey(reference)}`, so another conversation starts with fresh state.
 */
export function ConversationView({ reference, onChatsChanged }: { reference: ConversationRef; onChatsChanged: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const settings = useSettings();
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, mutate } = useConversation(reference);

  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<number | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [partnerRead, setPartnerRead] = useState(0);
  const [typingUntil, setTypingUntil] = useState(0);
  // Kept for the tab (drafts.ts): the way to buy credits and back finds it again.
  const [text, setText] = useChatDraft(conversationKey(reference));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const photoAttempt = useRef<{ file: File; caption: string; key: string } | null>(null);
  const lastTyping = useRef(0);
  const readUpTo = useRef(0);
  const listEnd = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const countId = useId();

  const conversationId = data?.conversation ?? null;
  const partner = data?.profile;
  useRememberChat(conversationId, partner);
  const messages = mergeMessages(older, data?.messages ?? []);
  const cursor = olderCursor === undefined ? (data?.older ?? null) : olderCursor;
  const readSeq = Math.max(partnerRead, data?.partner_read_seq ?? 0);
  const lastReadMine = [...messages].reverse().find((m) => m.mine && !m.held && m.seq <= readSeq);

  // Reading: the marker moves up to the newest message of the other member while the page is visible.
  const newestTheirs = messages.reduce((max, m) => (!m.mine && m.seq > max ? m.seq : max), 0);
  useEffect(() => {
    if (conversationId === null || newestTheirs <= readUpTo.current) return undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestTheirs <= readUpTo.current) return;
      readUpTo.current = newestTheirs;
      markRead(api, conversationId, newestTheirs).then(onChatsChanged, () => {
        readUpTo.current = 0;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [api, conversationId, newestTheirs, onChatsChanged]);

  // Keep the newest message in view when one arrives.
  const newestSeq = messages[messages.length - 1]?.seq ?? 0;
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [newestSeq]);

  // While the member is at the newest message, he stays there when the list grows (a photo or a gift that loads,
  // the typing line); once he scrolls up to read, nothing moves under him.
  const scroller = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (typingUntil === 0) return undefined;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // Updates start from the shown page when SWR's cache is still empty (the server's prefetched page is a fallback).
  const append = useCallback(
    (message: ChatMessage) =>
      mutate(
        (current: Conversation | undefined = data) =>
          current ? { ...current, messages: mergeMessages(current.messages, [message]) } : current,
        {
          revalidate: false,
        },
      ),
    [mutate, data],
  );

  useChatEvents(true, (event) => {
    if (event.type === 'open' && event.reconnected) void mutate();
    if (conversationId === null) {
      // The page was opened before the conversation existed: the partner's first message brings its id (the page
      // takes it with the message), one the member sent from another tab reloads the page (it names no recipient).
      if (event.type !== 'message' || !partner) return;
      if (!event.data.mine && event.data.sender === partner.id) {
        const first = event.data;
        void mutate(
          (current: Conversation | undefined = data) =>
            current ? { ...current, conversation: first.conversation, messages: mergeMessages(current.messages, [first]) } : current,
          { revalidate: false },
        );
        setTypingUntil(0);
      } else if (event.data.mine) {
        void mutate();
      }
      return;
    }
    if (event.type === 'message' && event.data.conversation === conversationId) {
      void append(event.data);
      if (!event.data.mine) setTypingUntil(0);
    } else if (event.type === 'read' && event.data.conversation === conversationId && event.data.reader === partner?.id) {
      setPartnerRead((seq) => Math.max(seq, event.data.seq));
    } else if (event.type === 'typing' && event.data.conversation === conversationId && event.data.from === partner?.id) {
      setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    }
  });

  const loadOlder = async () => {
    if (cursor === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getConversation(api, reference, cursor);
      setOlder((list) => mergeMessages(page.messages, list));
      setOlderCursor(page.older);
    } catch {
      setProblem({
        kind: 'text',
        message: intl.formatMessage({ id: 'chat.olderFailed', defaultMessage: 'Older messages could not be loaded.' }),
      });
    } finally {
      setLoadingOlder(false);
    }
  };

  const onInput = (value: string) => {
    setText(value);
    const now = Date.now();
    if (conversationId !== null && value.trim() !== '' && now - lastTyping.current > TYPING_SIGNAL_INTERVAL_MS) {
      lastTyping.current = now;
      sendTyping(api, conversationId).catch(() => undefined);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!partner || sending) return;
    const body = text.trim();
    if (!hasVisibleText(body) || lengthOf(body) > settings.message_length) return;
    // One key per attempt: a retry of the same text after a failure repeats it; after a success the next is new.
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    setSending(true);
    setProblem(null);
    try {
      const sent = await sendMessage(api, { profile_id: partner.id, text: body }, attempt.current.key);
      attempt.current = null;
      lastTyping.current = 0;
      setText('');
      await delivered(sent);
    } catch (err) {
      setProblem(
        sendProblemOf(err, intl.formatMessage({ id: 'chat.sendFailed', defaultMessage: 'An error occurred, please try again later.' })),
      );
    } finally {
      setSending(false);
    }
  };

  const giveGift = async (gift: Gift) => {
    if (!partner || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await delivered(await sendGift(api, { profile_id: partner.id, gift: gift.key }, newIdempotencyKey()));
      setGiftsOpen(false);
    } catch (err) {
      setProblem(
        sendProblemOf(err, intl.formatMessage({ id: 'chat.sendFailed', defaultMessage: 'An error occurred, please try again later.' })),
      );
    } finally {
      setSending(false);
    }
  };

  /** Sends a photo (from the preview dialog): null when sent, else what the dialog shows. */
  const sendPhoto = async (file: File, caption: string): Promise<SendProblem | null> => {
    if (!partner) return null;
    // The same photo and caption again (a retry after a failure) keeps its key: sent and charged once.
    if (photoAttempt.current?.file !== file || photoAttempt.current.caption !== caption)
      photoAttempt.current = { file, caption, key: newIdempotencyKey() };
    setSending(true);
    try {
      const sent = await sendPhotoMessage(
        api,
        { profile_id: partner.id, text: caption, photo: file, filename: file.name || 'photo.jpg' },
        photoAttempt.current.key,
      );
      photoAttempt.current = null;
      await delivered(sent);
      return null;
    } catch (err) {
      return sendProblemOf(
        err,
        intl.formatMessage({ id: 'chat.sendFailed', defaultMessage: 'An error occurred, please try again later.' }),
      );
    } finally {
      setSending(false);
    }
  };

  /** A sent message or gift joins the page; a first message gives the conversation its own address. */
  const delivered = async (sent: SentMessage) => {
    await mutate(
      (current: Conversation | undefined = data) =>
        current
          ? {
              ...current,
              conversation: sent.message.conversation,
              messages: mergeMessages(current.messages, [sent.message]),
              allowance: sent.allowance,
            }
          : current,
      { revalidate: false },
    );
    onChatsChanged();
    if ('profileId' in reference) {
      // The conversation exists now: its own address, with the page already in the cache.
      const next = conversationKey({ conversation: sent.message.conversation });
      const current = await mutate();
      if (current) void mutateKey(next, current, { revalidate: false });
      await navigate(`/chats/${sent.message.conversation}`, { replace: true });
      // What happened while the page changed its address (the other member read it, say) is fetched once more.
      void mutateKey(next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

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

  const { allowance } = data;
  const count = lengthOf(text.trim());
  // Only zero-width or blank characters: nothing to send (the backend refuses it too).
  const invisible = count > 0 && !hasVisibleText(text);
  const tooLong = count > allowance.message_length;
  const typing = typingUntil > 0;
  const timeOf = (iso: string) => intl.formatTime(iso, { hour: '2-digit', minute: '2-digit' });
  const dayOf = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

  return (
    <section className="chat-screen" aria-labelledby={`${fieldId}-title`}>
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
          <h1 id={`${fieldId}-title`} className="h5 mb-0">
            <Link to={`/members/${partner.id}`}>{partner.name}</Link>
          </h1>
          <LastOnline online={partner.online} lastActive={partner.last_active} />
        </div>
      </header>

      <div
        className="chat-messages"
        ref={scroller}
        // A scrollable region is reachable by keyboard (arrow keys and Page Up read older messages).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe: scrollable-region-focusable
        tabIndex={0}
      >
        {cursor !== null ? (
          <div className="text-center my-2">
            <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
              <FormattedMessage id="chat.loadOlder" defaultMessage="Show older messages" />
            </button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="text-center text-body-secondary my-4">
            <FormattedMessage id="chat.empty" defaultMessage="No messages yet. Say hello to {name}!" values={{ name: partner.name }} />
          </p>
        ) : null}
        <ol className="chat-message-list" aria-label={intl.formatMessage({ id: 'chat.messagesLabel', defaultMessage: 'Messages' })}>
          {messages.map((m, i) => {
            const previous = messages[i - 1];
            const newDay = !previous || dayOf(previous.created_at) !== dayOf(m.created_at);
            return (
              <li key={m.id} className={`chat-message ${m.mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-message">
                {newDay ? <div className="chat-day">{dayOf(m.created_at)}</div> : null}
                <div className="chat-bubble">
                  <span className="visually-hidden">
                    {m.mine ? (
                      <FormattedMessage id="chat.youSaid" defaultMessage="You wrote:" />
                    ) : (
                      <FormattedMessage id="chat.theySaid" defaultMessage="{name} wrote:" values={{ name: partner.name }} />
                    )}{' '}
                  </span>
                  {m.kind === 'gift' && m.gift && isGiftKey(m.gift) ? (
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
                        thumb={photoUrl(settings.cdn_prefix, m.photo, true)}
                        full={photoUrl(settings.cdn_prefix, m.photo)}
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
                  </span>
                </div>
                {lastReadMine?.id === m.id ? (
                  <div className="chat-read" data-testid="chat-read">
                    <FormattedMessage id="chat.read" defaultMessage="Read" />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div ref={listEnd} />
      </div>

      <div className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {typing ? <FormattedMessage id="chat.typing" defaultMessage="{name} is typing…" values={{ name: partner.name }} /> : null}
      </div>

      <form className="chat-composer" onSubmit={(e) => void submit(e)}>
        {problem ? <SendProblemAlert problem={problem} onClose={() => setProblem(null)} /> : null}
        <label htmlFor={fieldId} className="visually-hidden">
          <FormattedMessage id="chat.messageLabel" defaultMessage="Your message to {name}" values={{ name: partner.name }} />
        </label>
        <div className="chat-composer-row">
          <textarea
            id={fieldId}
            className={`form-control${tooLong || invisible ? ' is-invalid' : ''}`}
            rows={1}
            value={text}
            onChange={(e) => onInput(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={countId}
            aria-invalid={tooLong || invisible || undefined}
            placeholder={intl.formatMessage({ id: 'chat.placeholder', defaultMessage: 'Write a message…' })}
          />
          <div className="chat-composer-actions">
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              aria-expanded={giftsOpen}
              onClick={() => setGiftsOpen((open) => !open)}
            >
              <FormattedMessage id="chat.gifts.toggle" defaultMessage="Send a gift" />
            </button>
            <PhotoSender
              partnerName={partner.name}
              price={settings.photo_credits}
              balance={allowance.credits}
              disabled={sending}
              onSend={sendPhoto}
            />
            <button type="submit" className="btn btn-primary chat-send" disabled={sending || count === 0 || invisible || tooLong}>
              <FormattedMessage id="chat.send" defaultMessage="Send" />
            </button>
          </div>
        </div>
        {giftsOpen ? <GiftPanel onSend={(gift) => void giveGift(gift)} disabled={sending} /> : null}
        <div id={countId} className="chat-allowance small">
          <span className={tooLong ? 'text-danger fw-bold' : undefined} data-testid="chat-count">
            <FormattedMessage
              id="chat.count"
              defaultMessage="{count} / {max} characters"
              values={{ count: intl.formatNumber(count), max: intl.formatNumber(allowance.message_length) }}
            />
          </span>
          {invisible ? (
            <span className="text-danger fw-bold" data-testid="chat-invisible">
              <FormattedMessage id="chat.invisible" defaultMessage="This text has no visible characters." />
            </span>
          ) : null}
          {allowance.free_messages_left > 0 ? (
            <span data-testid="chat-free-left">
              <FormattedMessage
                id="chat.freeLeft"
                defaultMessage="{count, plural, one {# free message left} other {# free messages left}}"
                values={{ count: allowance.free_messages_left }}
              />
            </span>
          ) : allowance.message_credits > 0 ? (
            <span>
              <FormattedMessage
                id="chat.price"
                defaultMessage="{price, plural, one {# credit per message} other {# credits per message}} · {balance, plural, one {# credit} other {# credits}} left"
                values={{ price: allowance.message_credits, balance: allowance.credits }}
              />
            </span>
          ) : null}
          {conversationId === null && (allowance.first_messages_per_day !== null || allowance.conversations_left !== null) ? (
            <span data-testid="chat-first-left">
              {allowance.first_messages_per_day !== null ? (
                <FormattedMessage
                  id="chat.firstLeft"
                  defaultMessage="{left} of {max} new conversations left today"
                  values={{ left: allowance.first_messages_left ?? 0, max: allowance.first_messages_per_day }}
                />
              ) : null}
              {allowance.conversations_left !== null ? (
                <>
                  {allowance.first_messages_per_day !== null ? ' · ' : null}
                  <FormattedMessage
                    id="chat.startsLeft"
                    defaultMessage="{count, plural, =0 {no free conversations left} one {# free conversation left} other {# free conversations left}}"
                    values={{ count: allowance.conversations_left }}
                  />
                </>
              ) : null}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
