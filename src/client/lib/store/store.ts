import { configureStore } from '@reduxjs/toolkit';
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { chatReducer, type ChatState } from './chat-slice';
import { sessionReducer, type SessionState } from './session-slice';
import { siteReducer, type SiteState } from './site-slice';

export interface RootState {
  session: SessionState;
  site: SiteState;
  chat: ChatState;
}

/** One store per request on the server and one per page in the browser; never a module-level singleton. */
export function createAppStore(preloadedState: Omit<RootState, 'chat'> & { chat?: ChatState }) {
  return configureStore({
    reducer: { session: sessionReducer, site: siteReducer, chat: chatReducer },
    preloadedState: { ...preloadedState, chat: preloadedState.chat ?? { lastOpened: null } },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The store for the tree: React's own useSyncExternalStore reads it, so no binding library rides in every
 * page's entry; a component re-renders when what its selector returns changes (compared with Object.is).
 */
const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return createElement(StoreContext.Provider, { value: store }, children);
}

function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('The store hooks need a <StoreProvider>');
  return store;
}

/** A snapshot function for useSyncExternalStore that calls `selector` once per state (so it may build a new value). */
function selectOncePerState<T>(store: AppStore, selector: (state: RootState) => T): () => T {
  let seen: RootState | undefined;
  let value: T;
  return () => {
    const state = store.getState();
    if (state !== seen) {
      seen = state;
      value = selector(state);
    }
    return value;
  };
}

/** What `selector` picks from the state, kept up to date. */
export function useAppSelector<T>(selector: (state: RootState) => T): T {
  const store = useAppStore();
  const snapshot = useMemo(() => selectOncePerState(store, selector), [store, selector]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

export const useAppDispatch = (): AppDispatch => useAppStore().dispatch;

export const useCurrentUser = () => useAppSelector((state) => state.session.user);
export const useSettings = () => useAppSelector((state) => state.site.settings);
export const useLocale = () => useAppSelector((state) => state.site.locale);
