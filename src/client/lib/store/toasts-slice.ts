import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session-slice';
import { injectSlice, type RootState } from './store';

/** A new message shown while the member is elsewhere on the site; opening it goes to its conversation. */
export interface MessageToast {
  /** The message's id. */
  id: number;
  conversation: number;
  text: string;
}

interface ToastsState {
  items: MessageToast[];
}

/** At most this many toasts at once: the newest ones. */
export const MAX_TOASTS = 3;

const initialState: ToastsState = { items: [] };

/**
 * The message toasts of the live channel (app/layouts/chat-realtime.tsx): one per conversation (a newer message
 * replaces its conversation's toast), the newest three, gone on logout. A slice of the members' chunk, injected into
 * the store when it loads (store.ts).
 */
const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<MessageToast>) {
      const others = state.items.filter((t) => t.conversation !== action.payload.conversation);
      state.items = [...others, action.payload].slice(-MAX_TOASTS);
    },
    /** Closed by the member, opened, or timed out (by message id). */
    toastClosed(state, action: PayloadAction<number>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { toastShown, toastClosed } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

injectSlice(toastsSlice);

const none: MessageToast[] = [];
/** The toasts shown now (none before the slice has seen an action). */
export const selectToasts = (state: RootState): MessageToast[] => state.toasts?.items ?? none;

declare module './store' {
  interface LazyLoadedSlices {
    toasts: ToastsState;
  }
}
