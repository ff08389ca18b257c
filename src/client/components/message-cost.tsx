import { FormattedMessage } from 'react-intl';

export interface MessageCostProps {
  /**
   * The text messages he may still send free (the chat's allowance, or the user answer's `free_messages_left`; 0 for a
   * premium member); undefined when the backend does not say (then only the price after the free ones is named).
   */
  freeLeft: number | undefined;
  /** What a message costs once the free ones are used: the site's `message_credits`. */
  price: number;
  /** His balance in credits. */
  balance: number;
  /** The line's test id while free messages are left, and once they are used (or unknown). */
  testIds?: { free: string; paid: string };
  /** The composer's one short line under the field (on a phone it must not wrap): price and balance, no sentence. */
  compact?: boolean;
  className?: string;
}

/**
 * What a text message costs him, said where he is invited to write (the composer, the match pop-up, the credits page)
 * from the backend's numbers: while he has free messages, how many are left and what a message costs after them ("3
 * free messages left, then 10 credits a message"); after them, and always for a premium member, what his next message
 * costs and his balance (in the composer's compact line: "10 credits per message · 120 credits left"). Nothing when
 * messages cost nothing on the site.
 */
export function MessageCost({ freeLeft, price, balance, testIds, compact = false, className }: MessageCostProps) {
  if (price <= 0) return null;
  const free = freeLeft !== undefined && freeLeft > 0;
  return (
    <span className={className} data-testid={testIds ? (free ? testIds.free : testIds.paid) : undefined}>
      {free ? (
        <FormattedMessage
          id="messageCost.freeThen"
          defaultMessage="{free, plural, one {# free message left} other {# free messages left}}, then {price, plural, one {# credit} other {# credits}} a message"
          values={{ free: freeLeft, price }}
        />
      ) : freeLeft === undefined ? (
        <FormattedMessage
          id="messageCost.afterFree"
          defaultMessage="After your free messages, a message costs {price, plural, one {# credit} other {# credits}}"
          values={{ price }}
        />
      ) : compact ? (
        <FormattedMessage
          id="messageCost.perMessage"
          defaultMessage="{price, plural, one {# credit per message} other {# credits per message}} · {balance, plural, one {# credit} other {# credits}} left"
          values={{ price, balance }}
        />
      ) : (
        <FormattedMessage
          id="messageCost.next"
          defaultMessage="Your next message costs {price, plural, one {# credit} other {# credits}} · you have {balance, plural, one {# credit} other {# credits}}"
          values={{ price, balance }}
        />
      )}
    </span>
  );
}

/** The free messages the user answer says he has left: 0 for a premium member, undefined when the backend does not say. */
export function freeMessagesOf(user: { paid_user: boolean; free_messages_left?: number | undefined }): number | undefined {
  return user.paid_user ? 0 : user.free_messages_left;
}
