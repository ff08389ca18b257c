import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { sessionSlice, type SessionState } from './session-slice';
import { siteSlice, type SiteState } from './site-slice';

export interface RootState {
  session: SessionState;
  site: SiteState;
}

/** One store per request on the server and one per page in the browser; never a module-level singleton. */
export function createAppStore(preloadedState: RootState) {
  return configureStore({
    reducer: { session: sessionSlice.reducer, site: siteSlice.reducer },
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

export const useCurrentUser = () => useAppSelector((state) => state.session.user);
export const useSettings = () => useAppSelector((state) => state.site.settings);
export const useLocale = () => useAppSelector((state) => state.site.locale);
