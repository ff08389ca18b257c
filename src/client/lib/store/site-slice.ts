import type { UnknownAction } from 'redux';
import { defineAction } from './action';
import type { Settings } from '../../../shared/api/client';
import type { Locale } from '../../../shared/locales';

/** An error the server met while loading a page; shown instead of the page as long as the URL is the same. */
export interface PageError {
  url: string;
  status: number;
  message?: string;
}

/**
 * A language this page offers to switch to (the browser's, while the visitor has chosen none), with its texts already
 * written in that language (src/server/language-offer.ts).
 */
export interface OfferedLanguage {
  locale: Locale;
  label: string;
  question: string;
  accept: string;
  dismiss: string;
}

export interface SiteState {
  settings: Settings;
  locale: Locale;
  browserLanguage: string | null;
  pageError: PageError | null;
  /** The language offer of this visit's first page (features/site/components/language-offer.tsx), if any. */
  languageOffer?: OfferedLanguage | null;
  /** Dismissed banners and modals (key → epoch ms), read from the `dismissed_*` cookies on the server. */
  dismissals?: Record<string, number>;
  /** When the server rendered the page (epoch ms): clocks shown on the page (the time-bonus countdown) start from it, so
   * the server's HTML has them and hydration agrees; the browser's own clock takes over right after. */
  renderedAt?: number;
  /** The public origin of the installation (PUBLIC_URL, no trailing slash): absolute URLs for link previews. */
  publicUrl?: string;
}

const pageErrorCleared = defineAction('site/pageErrorCleared');
export const pageErrorSet = defineAction<PageError>('site/pageErrorSet');
export const dismissed = defineAction<{ key: string; at: number }>('site/dismissed');

/**
 * A plain reducer (see session-slice.ts). There is no initial state: the store is always created with the
 * state the server read (lib/store/store.ts).
 */
export function siteReducer(state: SiteState = null as unknown as SiteState, action: UnknownAction): SiteState {
  if (pageErrorCleared.match(action)) return { ...state, pageError: null };
  if (pageErrorSet.match(action)) return { ...state, pageError: action.payload };
  if (dismissed.match(action)) return { ...state, dismissals: { ...state.dismissals, [action.payload.key]: action.payload.at } };
  return state;
}
