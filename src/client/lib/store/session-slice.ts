import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../shared/api/client';

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
    /** A 403 with authentication_required from any call: treat as logged out. */
    loggedOut(state) {
      state.user = null;
    },
  },
});

export const { userChanged, loggedOut } = sessionSlice.actions;
