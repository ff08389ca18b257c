import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Schemas, User } from '../../../shared/api/client';

export interface SessionState {
  user: User | null;
  /** The navigation counts GET /user.php brought with the user (null: none known yet, or logged out). */
  counts?: Schemas['NavCounts'] | null;
}

const initialState: SessionState = { user: null, counts: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userChanged(state, action: PayloadAction<User | null>) {
      state.user = action.payload;
      if (!action.payload) state.counts = null;
    },
    /** A fresh GET /user.php answer: the user and the navigation counts it carried. */
    sessionLoaded(state, action: PayloadAction<{ user: User; counts: Schemas['NavCounts'] | null } | null>) {
      state.user = action.payload?.user ?? null;
      state.counts = action.payload?.counts ?? null;
    },
    /**
     * The member's photos changed (upload, delete, new main photo): the navigation's avatar and the profile-photo
     * banner follow at once, without waiting for the next refresh of the user.
     */
    mainImageChanged(state, action: PayloadAction<Schemas['Image'] | null>) {
      if (state.user) state.user.profile.main_image = action.payload;
    },
    /** A 403 with authentication_required from any call: treat as logged out. */
    loggedOut(state) {
      state.user = null;
      state.counts = null;
    },
  },
});

export const { userChanged, sessionLoaded, loggedOut, mainImageChanged } = sessionSlice.actions;
