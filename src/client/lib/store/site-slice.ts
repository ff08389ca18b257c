import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Settings } from '../../../shared/api/client';
import type { Locale } from '../../../shared/locales';

/** An error the server met while loading a page; shown instead of the page as long as the URL is the same. */
export interface PageError {
  url: string;
  status: number;
  message?: string;
}

export interface SiteState {
  settings: Settings;
  locale: Locale;
  browserLanguage: string | null;
  pageError: PageError | null;
  /** Dismissed banners and modals (key → epoch ms), read from the `dismissed_*` cookies on the server. */
  dismissals?: Record<string, number>;
  /** When the server rendered the page (epoch ms): clocks shown on the page (the time-bonus countdown) start from it, so
   * the server's HTML has them and hydration agrees; the browser's own clock takes over right after. */
  renderedAt?: number;
}

export const siteSlice = createSlice({
  name: 'site',
  initialState: null as unknown as SiteState,
  reducers: {
    pageErrorCleared(state) {
      state.pageError = null;
    },
    pageErrorSet(state, action: PayloadAction<PageError>) {
      state.pageError = action.payload;
    },
    dismissed(state, action: PayloadAction<{ key: string; at: number }>) {
      state.dismissals = { ...state.dismissals, [action.payload.key]: action.payload.at };
    },
  },
});

export const { pageErrorCleared, pageErrorSet, dismissed } = siteSlice.actions;
