import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Settings, User } from '../../../../shared/api/client';
import { freeMessagesOf, MessageCost } from '../../../components/message-cost';

/**
 * What a credit buys, from the site's settings (never a number of its own): a text message `message_credits`, a photo
 * message `photo_credits`, a gift `gift_credits`. The costs are the site's, the same in every country (only the money a
 * bundle costs differs, and each bundle says its price per credit). For a member, below it what his own next message
 * costs: the free messages he has left and the price after them, or his next message's price and his balance.
 */
export function CreditUses({
  settings,
  user,
}: {
  settings: Pick<Settings, 'message_credits' | 'photo_credits' | 'gift_credits'>;
  user: Pick<User, 'paid_user' | 'credits' | 'free_messages_left'> | null;
}) {
  const titleId = useId();
  const uses = [
    {
      key: 'message',
      text: (
        <FormattedMessage
          id="credits.uses.message"
          defaultMessage="A message: {credits, plural, one {# credit} other {# credits}}"
          values={{ credits: settings.message_credits }}
        />
      ),
    },
    {
      key: 'photo',
      text: (
        <FormattedMessage
          id="credits.uses.photo"
          defaultMessage="A photo message: {credits, plural, one {# credit} other {# credits}}"
          values={{ credits: settings.photo_credits }}
        />
      ),
    },
    {
      key: 'gift',
      text: (
        <FormattedMessage
          id="credits.uses.gift"
          defaultMessage="A gift: {credits, plural, one {# credit} other {# credits}}"
          values={{ credits: settings.gift_credits }}
        />
      ),
    },
  ];
  return (
    <section className="surface credit-uses mb-3" aria-labelledby={titleId} data-testid="credit-uses">
      <h2 className="h6 mb-2" id={titleId}>
        <FormattedMessage id="credits.uses.title" defaultMessage="What your credits buy" />
      </h2>
      <ul className="credit-uses-list mb-0">
        {uses.map((use) => (
          <li key={use.key} data-testid={`credit-use-${use.key}`}>
            {use.text}
          </li>
        ))}
      </ul>
      {user && settings.message_credits > 0 ? (
        <p className="small text-body-secondary mt-2 mb-0">
          <MessageCost
            freeLeft={freeMessagesOf(user)}
            price={settings.message_credits}
            balance={user.credits}
            testIds={{ free: 'credit-uses-free-left', paid: 'credit-uses-next' }}
          />
        </p>
      ) : null}
    </section>
  );
}
