import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, userChanged } from '../../../lib/store/session-slice';
import { injectSlice, type RootState } from '../../../lib/store/store';
import type { OutboxItem } from './outbox-storage';

interface OutboxState {
  /** Whose outbox this page shows (null before it was read). */
  member: number | null;
  items: OutboxItem[];
  /** The item being sent right now. */
  sending: string | null;
}

const initialState: OutboxState = { member: null, items: [], sending: null };

/**
 * The chat outbox as this page shows it: the member's messages waiting for the network (kept in the browser's storage,
 * outbox-storage.ts, which every change reads and writes first) and the one being sent. A slice of the chat's chunk,
 * injected when it loads (store.ts); logging out or another member forgets it on the page (the storage keeps it for
 * the member).
 */
const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    outboxChanged(state, action: PayloadAction<{ member: number; items: OutboxItem[]; sending: string | null }>) {
      state.member = action.payload.member;
      state.items = action.payload.items;
      state.sending = action.payload.sending;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    builder.addCase(userChanged, (state, action) => (action.payload?.id === state.member ? state : initialState));
  },
});

export const { outboxChanged } = outboxSlice.actions;

injectSlice(outboxSlice);

/** The outbox as the page knows it (empty before the slice has seen an action). */
export const selectOutbox = (state: RootState): OutboxState => state.outbox ?? initialState;

declare module '../../../lib/store/store' {
  interface LazyLoadedSlices {
    outbox: OutboxState;
  }
}
