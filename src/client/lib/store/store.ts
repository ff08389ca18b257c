import { combineReducers, legacy_createStore as createStore, type Reducer, type UnknownAction } from 'redux';
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { sessionReducer, type SessionState } from './session-slice';
import { siteReducer, type SiteState } from './site-slice';

/**
 * The slices that come with the chunks that use them (`injectSlice` when their module loads): the chat store
 * (chat-slice.ts, chat pages) and the message toasts (toasts-slice.ts, the members' chunk). Each declares its state
 * here; until it is injected, its selectors read its initial state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each lazy slice's module
export interface LazyLoadedSlices {}

/** What the server hands to the browser: the state every page's store starts from. */
export interface PreloadedState {
  session: SessionState;
  site: SiteState;
}

export type RootState = PreloadedState & Partial<LazyLoadedSlices>;

/**
 * Session and site are in every page's store: plain reducers over typed action creators (action.ts), so that neither
 * Redux Toolkit nor immer is in the entry of every page, the landing page's too. The toasts, in the members' chunk that
 * every member's first visit loads, are a plain reducer too. The chat's own state (the chat store, the outbox) is
 * Redux Toolkit createSlice slices, injected with the chat pages' chunks; a new piece of client-only state is one of
 * those, unless it rides in the entry or the members' chunk. Why, with the measured figures:
 * docs/adr/0002-client-state-redux.md.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of reducers of different states
const reducers: Record<string, Reducer<any, UnknownAction, any>> = { session: sessionReducer, site: siteReducer };
let combined = combineReducers(reducers);

/** The store's reducer: the base reducers and every slice injected so far (the same for every store). */
function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return combined(state as never, action) as unknown as RootState;
}

/**
 * Adds a slice's reducer to every store (once per slice, when its module loads); a store already made picks it up at
 * its next action, and its selectors read the slice's initial state until then.
 */
export function injectSlice<K extends keyof LazyLoadedSlices>(slice: { reducerPath: K; reducer: Reducer<LazyLoadedSlices[K]> }): void {
  if (reducers[slice.reducerPath] === slice.reducer) return;
  reducers[slice.reducerPath] = slice.reducer;
  combined = combineReducers(reducers);
}

/** One store per request on the server and one per page in the browser; never a module-level singleton. */
export function createAppStore(preloadedState: PreloadedState) {
  return createStore(rootReducer, { session: preloadedState.session, site: preloadedState.site } as RootState);
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
