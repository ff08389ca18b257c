import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import type { Schemas, User } from '../../../shared/api/client';

export interface SessionState {
  user: User | null;
  /** The navigation counts GET /user.php brought with the user (null: none known yet, or logged out). */
  counts?: Schemas['NavCounts'] | null;
}

const initialState: SessionState = { user: null, counts: null };

export const userChanged = createAction<User | null>('session/userChanged');
/** A fresh GET /user.php answer: the user and the navigation counts it carried. */
export const sessionLoaded = createAction<{ user: User; counts: Schemas['NavCounts'] | null } | null>('session/sessionLoaded');
/**
 * The member's photos changed (upload, delete, new main photo): the navigation's avatar and the profile-photo
 * banner follow at once, without waiting for the next refresh of the user.
 */
export const mainImageChanged = createAction<Schemas['Image'] | null>('session/mainImageChanged');
/** The balance the live channel announced (a payment settled, a refund went out): the credits badge follows at once. */
export const balanceChanged = createAction<{ credits: number; paid_user: boolean }>('session/balanceChanged');
/** A 403 with authentication_required from any call: treat as logged out. */
export const loggedOut = createAction('session/loggedOut');

/**
 * A plain reducer: createSlice would bring immer into every page's entry for four updates this small.
 * Each returns a new state object, never changing the one it got.
 */
export function sessionReducer(state: SessionState = initialState, action: UnknownAction): SessionState {
  if (userChanged.match(action)) return action.payload ? { ...state, user: action.payload } : { ...state, user: null, counts: null };
  if (sessionLoaded.match(action)) return { ...state, user: action.payload?.user ?? null, counts: action.payload?.counts ?? null };
  if (mainImageChanged.match(action)) {
    if (!state.user) return state;
    return { ...state, user: { ...state.user, profile: { ...state.user.profile, main_image: action.payload } } };
  }
  if (balanceChanged.match(action)) {
    if (!state.user) return state;
    return { ...state, user: { ...state.user, credits: action.payload.credits, paid_user: action.payload.paid_user } };
  }
  if (loggedOut.match(action)) return { ...state, user: null, counts: null };
  return state;
}
