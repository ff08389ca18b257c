import type { UnknownAction } from 'redux';
import { defineAction } from './action';
import type { Schemas, User } from '../../../shared/api/client';

export interface SessionState {
  user: User | null;
  /** The navigation counts GET /user.php brought with the user (null: none known yet, or logged out). */
  counts?: Schemas['NavCounts'] | null;
}

const initialState: SessionState = { user: null, counts: null };

export const userChanged = defineAction<User | null>('session/userChanged');
/** A fresh GET /user.php answer: the user and the navigation counts it carried. */
export const sessionLoaded = defineAction<{ user: User; counts: Schemas['NavCounts'] | null } | null>('session/sessionLoaded');
/**
 * The member's photos changed (upload, delete, new main photo): the navigation's avatar and the profile-photo
 * banner follow at once, without waiting for the next refresh of the user.
 */
export const mainImageChanged = defineAction<Schemas['Image'] | null>('session/mainImageChanged');
/** The member saved his profile: the navigation's name and the country the session knows follow at once. */
export const ownProfileSaved = defineAction<{ name: string; country: User['profile']['country'] }>('session/ownProfileSaved');
/** The balance the live channel announced (a payment settled, a refund went out): the credits badge follows at once. */
export const balanceChanged = defineAction<{ credits: number; paid_user: boolean }>('session/balanceChanged');
/**
 * A message, gift or photo was sent: the chat's answer names the balance and the free messages left, so the header's
 * balance and the match pop-up's count follow at once, without waiting for the next refresh of the user.
 */
export const chatAllowanceChanged = defineAction<{ credits: number; free_messages_left: number }>('session/chatAllowanceChanged');
/**
 * Fresher totals than user.php's: the chat or likes list was loaded (a page showing it, the poll, a live event). The
 * navigation badges and the title prefix follow; a later user.php answer brings its own counts again.
 */
export const navCountsChanged = defineAction<Partial<Schemas['NavCounts']>>('session/navCountsChanged');
/** A 403 with authentication_required from any call: treat as logged out. */
export const loggedOut = defineAction('session/loggedOut');

/** `next` unless it says the same as `current` (an answer of the session poll that changed nothing). */
function same<T>(current: T, next: T): T {
  return current === next || JSON.stringify(current) === JSON.stringify(next) ? current : next;
}

/**
 * A plain reducer: createSlice would bring immer into every page's entry for four updates this small.
 * Each returns a new state object, never changing the one it got; a poll that brings the same user and counts keeps
 * the state as it was, so the components that show the user do not render again.
 */
export function sessionReducer(state: SessionState = initialState, action: UnknownAction): SessionState {
  if (userChanged.match(action)) return action.payload ? { ...state, user: action.payload } : { ...state, user: null, counts: null };
  if (sessionLoaded.match(action)) {
    const user = same(state.user, action.payload?.user ?? null);
    const counts = same(state.counts ?? null, action.payload?.counts ?? null);
    return user === state.user && counts === state.counts ? state : { ...state, user, counts };
  }
  if (mainImageChanged.match(action)) {
    if (!state.user) return state;
    return { ...state, user: { ...state.user, profile: { ...state.user.profile, main_image: action.payload } } };
  }
  if (ownProfileSaved.match(action)) {
    const { name, country } = action.payload;
    if (!state.user || (state.user.profile.name === name && state.user.profile.country === country)) return state;
    return { ...state, user: { ...state.user, profile: { ...state.user.profile, name, country } } };
  }
  if (balanceChanged.match(action)) {
    if (!state.user) return state;
    return { ...state, user: { ...state.user, credits: action.payload.credits, paid_user: action.payload.paid_user } };
  }
  if (chatAllowanceChanged.match(action)) {
    const { credits, free_messages_left: freeLeft } = action.payload;
    if (!state.user || (state.user.credits === credits && state.user.free_messages_left === freeLeft)) return state;
    return { ...state, user: { ...state.user, credits, free_messages_left: freeLeft } };
  }
  if (navCountsChanged.match(action)) {
    if (!state.user) return state;
    const counts = { unread_messages: 0, new_likes: 0, ...state.counts, ...action.payload };
    const same = state.counts && state.counts.unread_messages === counts.unread_messages && state.counts.new_likes === counts.new_likes;
    return same ? state : { ...state, counts };
  }
  if (loggedOut.match(action)) return { ...state, user: null, counts: null };
  return state;
}
