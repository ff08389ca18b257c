import type { UnknownAction } from 'redux';
import { defineAction } from './action';
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

/** A message came in for a conversation the member is not looking at. */
export const toastShown = defineAction<MessageToast>('toasts/toastShown');
/** Closed by the member, opened, or timed out (by message id). */
export const toastClosed = defineAction<number>('toasts/toastClosed');

/**
 * The message toasts of the live channel (app/layouts/chat-realtime.tsx): one per conversation (a newer message
 * replaces its conversation's toast), the newest three, gone on logout. A plain reducer, as the session's is, and not a
 * createSlice slice: it is in the members' chunk, which every member's first visit loads, and Redux Toolkit with immer
 * would be 5.2 KB gzip of that visit for these two updates (docs/adr/0002-client-state-redux.md). Injected into the
 * store when the chunk loads (store.ts). Each update returns a new state and never changes the one it got.
 */
export function toastsReducer(state: ToastsState = initialState, action: UnknownAction): ToastsState {
  if (toastShown.match(action)) {
    const others = state.items.filter((t) => t.conversation !== action.payload.conversation);
    return { items: [...others, action.payload].slice(-MAX_TOASTS) };
  }
  if (toastClosed.match(action)) return { items: state.items.filter((t) => t.id !== action.payload) };
  if (loggedOut.match(action)) return initialState;
  return state;
}

injectSlice({ reducerPath: 'toasts', reducer: toastsReducer });

const none: MessageToast[] = [];
/** The toasts shown now (none before the slice has seen an action). */
export const selectToasts = (state: RootState): MessageToast[] => state.toasts?.items ?? none;

declare module './store' {
  interface LazyLoadedSlices {
    toasts: ToastsState;
  }
}
