import { FormattedMessage, useIntl } from 'react-intl';
import { isGiftKey } from '../../../../shared/gifts';
import { GIFT_NAMES, useGifts, type Gift } from '../api/gifts';

/**
 * The gift catalogue inside a conversation: each gift with its picture, name and price; choosing one sends it. When
 * `posted` (the page without JavaScript, or before it hydrated) each gift is a submit button of the composer's form
 * carrying its key as `gift` (the conversation's route action sends it).
 */
export function GiftPanel({ onSend, disabled, posted = false }: { onSend: (gift: Gift) => void; disabled: boolean; posted?: boolean }) {
  const intl = useIntl();
  const { data, error } = useGifts(true);
  if (error) {
    return (
      <p className="small text-danger mb-2" role="alert">
        <FormattedMessage id="chat.gifts.failed" defaultMessage="The gifts could not be loaded." />
      </p>
    );
  }
  if (!data) return null;
  return (
    <ul className="chat-gifts list-unstyled" aria-label={intl.formatMessage({ id: 'chat.gifts.label', defaultMessage: 'Gifts' })}>
      {data.gifts.map((gift) => {
        const name = isGiftKey(gift.key) ? intl.formatMessage(GIFT_NAMES[gift.key]) : gift.key;
        return (
          <li key={gift.key}>
            <button
              type={posted ? 'submit' : 'button'}
              {...(posted ? { name: 'gift', value: gift.key } : { onClick: () => onSend(gift) })}
              className="chat-gift"
              disabled={disabled}
              data-testid={`gift-${gift.key}`}
            >
              <img src={gift.image} alt="" width={48} height={48} />
              <span>{name}</span>
              <span className="small">
                <FormattedMessage
                  id="chat.gifts.price"
                  defaultMessage="{credits, plural, one {# credit} other {# credits}}"
                  values={{ credits: gift.credits }}
                />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
