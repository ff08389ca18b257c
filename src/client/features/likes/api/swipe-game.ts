import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type SwipeGame = Schemas['SwipeGame'];
export type SwipeResult = Schemas['SwipeResult'];
export type SwipeUndo = Schemas['SwipeUndo'];

export const SWIPE_GAME_KEY = swrKey('/swipe-game.php');

/**
 * The deck of the page's loader, under its own key: played only without JavaScript (or before the page hydrated);
 * the browser's game never starts from it (a deck must be fresh when play starts).
 */
export const SERVER_SWIPE_DECK_KEY = 'swipe-game:served';

/** The card buttons' form (its route action: app/pages/likes-pages.tsx, posted by the browser or the deck's fetcher). */
export const SWIPE_FORM = 'swipe';

export function getSwipeGame(api: ApiClient): Promise<SwipeGame> {
  return unwrap(api.GET('/swipe-game.php'));
}

/** A game as loaded in the browser, stamped so the page can tell a fresh answer from the one it is playing. */
export type LoadedSwipeGame = SwipeGame & { loadedAt: number };

/**
 * The game's cards and the day's likes, loaded in the browser only (never from the server render: a deck must be
 * fresh when play starts); not again on focus, so the cards do not change under the member's thumb.
 */
export function useSwipeGame(enabled: boolean) {
  const api = useApi();
  return useApiSWR<LoadedSwipeGame>(enabled ? SWIPE_GAME_KEY : null, async () => ({ ...(await getSwipeGame(api)), loadedAt: Date.now() }), {
    revalidateOnFocus: false,
  });
}

/** POST /swipe.php: like or pass a card (a like beyond the day's limit is 429 swipe_limit). */
export function swipe(api: ApiClient, profileId: number, like: boolean): Promise<SwipeResult> {
  return unwrap(api.POST('/swipe.php', { body: { profile_id: profileId, like } }));
}

/** DELETE /swipe.php: take back the last pass; answers the card that comes back. */
export function undoSwipe(api: ApiClient): Promise<SwipeUndo> {
  return unwrap(api.DELETE('/swipe.php'));
}
