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
  },
});

export const { pageErrorCleared, pageErrorSet } = siteSlice.actions;
