import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import type { Schemas } from '../../../shared/api/client';
import { loggedOut, userChanged } from './session-slice';

/** The chat the member opened last: its partner and when he opened it. */
export interface LastChat {
  /** The conversation's id; null for a chat opened from a profile before its first message. */
  conversation: number | null;
  profile: { id: number; name: string; main_image: Schemas['Image'] | null };
  /** When it was opened (ISO 8601). */
  openedAt: string;
}

export interface ChatState {
  lastOpened: LastChat | null;
}

const initialState: ChatState = { lastOpened: null };

/** The member opened a conversation. */
export const chatOpened = createAction<LastChat>('chat/chatOpened');
/** The remembered chat read back from the browser's storage after a reload. */
export const lastChatRestored = createAction<LastChat | null>('chat/lastChatRestored');
/** The member removed the chat with this partner (by profile id): it is no longer offered. */
export const chatRemoved = createAction<number>('chat/chatRemoved');

/** A plain reducer, like session-slice.ts (createSlice would bring immer into every page's entry). */
export function chatReducer(state: ChatState = initialState, action: UnknownAction): ChatState {
  if (chatOpened.match(action)) return { ...state, lastOpened: action.payload };
  if (lastChatRestored.match(action)) return state.lastOpened ? state : { ...state, lastOpened: action.payload };
  if (chatRemoved.match(action)) return state.lastOpened?.profile.id === action.payload ? { ...state, lastOpened: null } : state;
  // Logging out or another member logging in forgets it.
  if (loggedOut.match(action) || (userChanged.match(action) && action.payload === null)) return { ...state, lastOpened: null };
  return state;
}
