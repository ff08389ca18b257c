import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Schemas, User } from '../../../shared/api/client';

export interface SessionState {
  user: User | null;
}

const initialState: SessionState = { user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userChanged(state, action: PayloadAction<User | null>) {
      state.user = action.payload;
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
    },
  },
});

export const { userChanged, loggedOut, mainImageChanged } = sessionSlice.actions;
