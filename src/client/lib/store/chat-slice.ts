import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Schemas } from '../../../shared/api/client';
import { loggedOut, userChanged } from './session-slice';
import { injectSlice, type RootState } from './store';

/** The chat the member opened last: its partner and when he opened it. */
export interface LastChat {
  /** The conversation's id; null for a chat opened from a profile before its first message. */
  conversation: number | null;
  profile: { id: number; name: string; main_image: Schemas['Image'] | null };
  /** When it was opened (ISO 8601). */
  openedAt: string;
}

interface ChatState {
  lastOpened: LastChat | null;
}

const initialState: ChatState = { lastOpened: null };

/**
 * The chat store: the chat the member opened last, which the chat list offers to return to ("Back to your chat with
 * …", with the date). A slice of the chat pages' own chunks, injected into the store when they load (store.ts: `injectSlice`): its
 * code and immer never ride in a visitor's entry.
 */
const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** The member opened a conversation. */
    chatOpened(state, action: PayloadAction<LastChat>) {
      state.lastOpened = action.payload;
    },
    /** The remembered chat read back from the browser's storage after a reload; never over one opened on this page. */
    lastChatRestored(state, action: PayloadAction<LastChat | null>) {
      state.lastOpened ??= action.payload;
    },
    /** The member removed the chat with this partner (by profile id): it is no longer offered. */
    chatRemoved(state, action: PayloadAction<number>) {
      if (state.lastOpened?.profile.id === action.payload) state.lastOpened = null;
    },
  },
  extraReducers: (builder) => {
    // Logging out or another member logging in forgets it.
    builder.addCase(loggedOut, (state) => {
      state.lastOpened = null;
    });
    builder.addCase(userChanged, (state, action) => {
      if (action.payload === null) state.lastOpened = null;
    });
  },
});

export const { chatOpened, lastChatRestored, chatRemoved } = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

injectSlice(chatSlice);

/** The remembered chat (none before the slice has seen an action). */
export const selectLastOpened = (state: RootState): LastChat | null => state.chat?.lastOpened ?? null;

declare module './store' {
  interface LazyLoadedSlices {
    chat: ChatState;
  }
}
