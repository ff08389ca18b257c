import type { Schemas } from '../../../shared/api/client';

/** A match or new-like pop-up: the liker's main image and one action button. */
export interface LikePopup {
  kind: 'match' | 'new-like';
  profile: Schemas['ProfileSummary'];
}

const EVENT = 'likes:popup';

/**
 * Asks the layout's pop-up to show. A browser event, not module state: it only ever fires from a click or an effect
 * in the browser, so nothing is shared between requests on the server.
 */
export function showLikePopup(popup: LikePopup): void {
  window.dispatchEvent(new CustomEvent<LikePopup>(EVENT, { detail: popup }));
}

export function onLikePopup(listener: (popup: LikePopup) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LikePopup>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
