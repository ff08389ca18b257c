import { defineMessages } from 'react-intl';
import type { ApiClient, Schemas } from '../../../../shared/api/client';
import type { GiftKey } from '../../../../shared/gifts';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import type { SentMessage } from './send-message';
import { swrKey } from '../../../lib/swr-key';

export type Gift = Schemas['Gift'];

export const GIFTS_KEY = swrKey('/gifts.php');

/** GET /gifts.php: the gift catalogue. */
export function listGifts(api: ApiClient): Promise<{ gifts: Gift[] }> {
  return unwrap(api.GET('/gifts.php'));
}

/** The gift catalogue (loaded when the member opens the gift panel). */
export function useGifts(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? GIFTS_KEY : null, () => listGifts(api), { revalidateOnFocus: false });
}

/** POST /gift.php with its own Idempotency-Key: a retried request sends and charges once. */
export function sendGift(api: ApiClient, body: { profile_id: number; gift: string }, idempotencyKey: string): Promise<SentMessage> {
  return unwrap(api.POST('/gift.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/** The gifts' names in the member's language. */
export const GIFT_NAMES = defineMessages<GiftKey>({
  rose: { id: 'gift.rose', defaultMessage: 'Rose' },
  heart: { id: 'gift.heart', defaultMessage: 'Heart' },
  champagne: { id: 'gift.champagne', defaultMessage: 'Champagne' },
  star: { id: 'gift.star', defaultMessage: 'Star' },
  cake: { id: 'gift.cake', defaultMessage: 'Cake' },
  teddy: { id: 'gift.teddy', defaultMessage: 'Teddy bear' },
});
