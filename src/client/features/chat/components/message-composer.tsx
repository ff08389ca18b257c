import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Schemas } from '../../../../shared/api/client';
import { TYPING_SIGNAL_INTERVAL_MS } from '../../../../shared/chat';
import { isMessageTooLong, messageLength, messageTextProblem } from '../../../../shared/chat-text';
import { hasVisibleText } from '../../../../shared/visible-text';
import {
  IdempotencyKeyField,
  IDEMPOTENCY_FIELD,
  useFormFailure,
  useHydrated,
  useIdempotencyKey,
} from '../../../components/progressive-form';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { useApi } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSettings } from '../../../lib/store/store';
import type { Gift } from '../api/gifts';
import type { SentMessage } from '../api/send-message';
import { sendTyping } from '../api/send-typing';
import { counterShown } from '../conversation-marks';
import { useChatDraft } from '../drafts';
import { isNetworkFailure } from '../outbox/outbox';
import { sendProblemOf, type SendProblem } from '../send-problem';
import { SendProblemAlert } from './chat-alerts';
import { GiftIcon, SendIcon } from '../../../components/icons';
import { MessageCost } from '../../../components/message-cost';
import { GiftPanel } from './gift-panel';
import { PhotoSender } from './photo-sender';

/** The composer's form (its route action: app/pages/conversation-page.tsx). */
export const CHAT_FORM = 'chat';

/** The query that opens the gift picker (its link on a page without JavaScript): `?gifts=open`. */
export const GIFTS_OPEN = { name: 'gifts', value: 'open' } as const;

/** Whether the browser sizes a textarea to its content by itself (CSS field-sizing). */
const sizesItself = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export interface MessageComposerProps {
  partner: Pick<Schemas['ChatPartner'], 'id' | 'name'>;
  /** Null while the conversation does not exist yet (the first message starts it). */
  conversationId: number | null;
  allowance: Schemas['ChatAllowance'];
  /** The draft's key (the conversation's page): the text survives the way to buy credits and back. */
  draftKey: string;
  /** A sent message, gift or photo: the conversation takes it. */
  onDelivered: (sent: SentMessage) => Promise<void>;
  /**
   * A text message the network took (offline, the site unreachable — never a refusal of the backend), with its
   * attempt's key: the conversation's outbox keeps it and sends it with that key once the network is back.
   */
  onOffline?: (text: string, key: string) => void;
}

/**
 * The composer is a multipart form posted to the conversation's page (`text`, the partner's `profile_id`, the
 * attempt's Idempotency-Key and, when one was chosen, a `photo`, or a gift's `gift`), whose route action sends the
 * message, the photo with the text as its caption, or the gift. Without JavaScript, or before the page hydrated, the
 * browser posts it and the action answers 303 to the conversation, or the page again with the backend's refusal and
 * the text. With JavaScript the composer sends the same fields (Enter, the send button, a gift of the picker, the
 * photo of the preview dialog) through its fetcher: the action answers the sent message in place and the
 * conversation takes it (no page load); a refusal shows its alert (the credit alert, the premium alert, the backend's
 * message) and keeps the text and the attempt's key.
 *
 * The compact composer: gift and photo as icon buttons, a message field of one line that grows with the text, the
 * send button; below it one line with the free messages left and what a message costs after them (or, once they are
 * used and for a premium member, what the next message costs and the balance: MessageCost), the daily first-message
 * allowance on a new conversation, and the character counter once the text nears the limit.
 * Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({ partner, conversationId, allowance, draftKey, onDelivered, onOffline }: MessageComposerProps) {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const refused = useFormFailure(CHAT_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  // Kept for the tab (drafts.ts): the way to buy credits and back finds it again. A refused post's text shows until
  // the member edits it.
  const [draft, setDraft] = useChatDraft(draftKey);
  const [keepRefused, setKeepRefused] = useState(refused !== null);
  const text = keepRefused && draft === '' ? (refused?.fields.text ?? '') : draft;
  const setText = (value: string) => {
    setKeepRefused(false);
    setDraft(value);
  };
  const fetcher = useRouterFetcher();
  const sending = fetcher.state !== 'idle';
  const sendFailed = () => intl.formatMessage({ id: 'chat.sendFailed', defaultMessage: 'An error occurred, please try again later.' });
  const [problem, setProblem] = useState<SendProblem | null>(() => (refused ? sendProblemOf(refused.error, sendFailed()) : null));
  const [search] = useSearchParams();
  const [giftsOpen, setGiftsOpen] = useState(() => search.get(GIFTS_OPEN.name) === GIFTS_OPEN.value);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const photoAttempt = useRef<{ file: File; caption: string; key: string } | null>(null);
  const giftAttempt = useRef<{ gift: string; key: string } | null>(null);
  const lastTyping = useRef(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const countId = useId();

  // Browsers without field-sizing grow the field here (the stylesheet caps its height).
  useEffect(() => {
    const el = field.current;
    if (!el || sizesItself()) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [text]);

  const onInput = (value: string) => {
    setText(value);
    const now = Date.now();
    if (conversationId !== null && value.trim() !== '' && now - lastTyping.current > TYPING_SIGNAL_INTERVAL_MS) {
      lastTyping.current = now;
      sendTyping(api, conversationId).catch(() => undefined);
    }
  };

  /** Sends the composer's fields to the conversation's route action: the sent message, or undefined (sent elsewhere). */
  const deliver = (key: string, fields: Record<string, string | File>) => {
    const data = new FormData();
    data.set(IDEMPOTENCY_FIELD, key);
    data.set('profile_id', String(partner.id));
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return fetcher.submit<SentMessage>(pathname, data, { multipart: fields.photo !== undefined });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const body = text.trim();
    if (messageTextProblem(body, settings.message_length) !== null) return;
    // One key per attempt, the form's own first: a retry of the same text after a failure repeats it; another text, or
    // the next message after a success, is a new attempt.
    // The form's key was used for the refused post's text (the page without JavaScript): another text needs its own.
    const formKeyUsed = attempt.current !== null || (refused !== null && refused.fields.text !== body);
    const current = attempt.current?.body === body ? attempt.current : { body, key: formKeyUsed ? newIdempotencyKey() : form.key };
    attempt.current = current;
    setProblem(null);
    try {
      const sent = await deliver(current.key, { text: body });
      if (!sent) return;
      attempt.current = null;
      form.renew();
      lastTyping.current = 0;
      setText('');
      await onDelivered(sent);
    } catch (err) {
      if (onOffline && isNetworkFailure(err)) {
        // Not lost: the outbox keeps it with this attempt's key; the field is free for the next message.
        onOffline(body, current.key);
        attempt.current = null;
        form.renew();
        setText('');
        return;
      }
      setProblem(sendProblemOf(err, sendFailed()));
    }
  };

  const giveGift = async (gift: Gift) => {
    if (sending) return;
    // The same gift again (a retry after a failure) keeps its key: sent and charged once.
    if (giftAttempt.current?.gift !== gift.key) giftAttempt.current = { gift: gift.key, key: newIdempotencyKey() };
    setProblem(null);
    try {
      const sent = await deliver(giftAttempt.current.key, { gift: gift.key });
      if (!sent) return;
      giftAttempt.current = null;
      await onDelivered(sent);
      setGiftsOpen(false);
    } catch (err) {
      setProblem(sendProblemOf(err, sendFailed()));
    }
  };

  /** Sends a photo (from the preview dialog): null when sent, else what the dialog shows. */
  const sendPhoto = async (file: File, caption: string): Promise<SendProblem | null> => {
    // The same photo and caption again (a retry after a failure) keeps its key: sent and charged once.
    if (photoAttempt.current?.file !== file || photoAttempt.current.caption !== caption)
      photoAttempt.current = { file, caption, key: newIdempotencyKey() };
    try {
      const sent = await deliver(photoAttempt.current.key, { text: caption, photo: file });
      if (!sent) return null;
      photoAttempt.current = null;
      await onDelivered(sent);
      return null;
    } catch (err) {
      return sendProblemOf(err, sendFailed());
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const count = messageLength(text);
  // Only zero-width or blank characters: nothing to send (the backend refuses it too).
  const invisible = count > 0 && !hasVisibleText(text);
  const tooLong = isMessageTooLong(text, allowance.message_length);
  const giftLabel = intl.formatMessage({ id: 'chat.gifts.toggle', defaultMessage: 'Send a gift' });
  const sendLabel = intl.formatMessage({ id: 'chat.send', defaultMessage: 'Send' });
  const firstLeft =
    conversationId === null && (allowance.first_messages_per_day !== null || allowance.conversations_left !== null) ? (
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
    ) : null;

  return (
    <form method="post" action={pathname} encType="multipart/form-data" className="chat-composer" onSubmit={(e) => void submit(e)}>
      <IdempotencyKeyField value={form.key} />
      <input type="hidden" name="profile_id" value={partner.id} />
      {problem ? <SendProblemAlert problem={problem} onClose={() => setProblem(null)} /> : null}
      <label htmlFor={fieldId} className="visually-hidden">
        <FormattedMessage id="chat.messageLabel" defaultMessage="Your message to {name}" values={{ name: partner.name }} />
      </label>
      <div className="chat-composer-row">
        {hydrated ? (
          <button
            type="button"
            className={`btn chat-icon-button${giftsOpen ? ' active' : ''}`}
            aria-expanded={giftsOpen}
            aria-label={giftLabel}
            title={giftLabel}
            onClick={() => setGiftsOpen((open) => !open)}
            data-testid="chat-gift-button"
          >
            <GiftIcon width="22" height="22" />
          </button>
        ) : (
          // Without JavaScript the picker opens (and closes) by its link; its gifts are buttons of this form.
          <Link
            to={giftsOpen ? pathname : `${pathname}?${GIFTS_OPEN.name}=${GIFTS_OPEN.value}`}
            className={`btn chat-icon-button${giftsOpen ? ' active' : ''}`}
            aria-label={giftLabel}
            title={giftLabel}
            data-testid="chat-gift-button"
          >
            <GiftIcon width="22" height="22" />
          </Link>
        )}
        <PhotoSender
          partnerName={partner.name}
          price={settings.photo_credits}
          balance={allowance.credits}
          disabled={sending}
          onSend={sendPhoto}
        />
        <textarea
          ref={field}
          id={fieldId}
          name="text"
          className={`form-control chat-field${tooLong || invisible ? ' is-invalid' : ''}`}
          rows={1}
          value={text}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={countId}
          aria-invalid={tooLong || invisible || undefined}
          placeholder={intl.formatMessage({ id: 'chat.placeholder', defaultMessage: 'Write a message…' })}
        />
        <button
          type="submit"
          className="btn btn-primary chat-send"
          disabled={hydrated && (sending || count === 0 || invisible || tooLong)}
          aria-label={sendLabel}
          title={sendLabel}
        >
          <SendIcon width="22" height="22" />
        </button>
      </div>
      {giftsOpen ? <GiftPanel onSend={(gift) => void giveGift(gift)} disabled={sending} posted={!hydrated} /> : null}
      <div id={countId} className="chat-allowance small">
        {counterShown(count, allowance.message_length) ? (
          <span className={tooLong ? 'chat-warning' : undefined} data-testid="chat-count">
            <FormattedMessage
              id="chat.count"
              defaultMessage="{count} / {max} characters"
              values={{ count: intl.formatNumber(count), max: intl.formatNumber(allowance.message_length) }}
            />
          </span>
        ) : null}
        {invisible ? (
          <span className="chat-warning" data-testid="chat-invisible">
            <FormattedMessage id="chat.invisible" defaultMessage="This text has no visible characters." />
          </span>
        ) : null}
        <MessageCost
          freeLeft={allowance.free_messages_left}
          price={allowance.message_credits}
          balance={allowance.credits}
          testIds={{ free: 'chat-free-left', paid: 'chat-credits' }}
          compact
        />
        {firstLeft}
      </div>
    </form>
  );
}
