import type { Action, UnknownAction } from 'redux';

/** An action with its payload (the shape of Redux Toolkit's actions; a type literal, so it is an UnknownAction). */
type PayloadAction<P, T extends string = string> = Action<T> & { payload: P };

/** A typed action creator: call it for the action; `type` and `match` as Redux Toolkit's `createAction` has them. */
export type ActionCreator<P, T extends string = string> = ([P] extends [void]
  ? () => PayloadAction<P, T>
  : (payload: P) => PayloadAction<P, T>) & {
  type: T;
  match(action: UnknownAction): action is PayloadAction<P, T>;
};

/**
 * The actions of the plain reducers: the session's and the site's (every page's entry) and the toasts' (the members'
 * chunk). Redux Toolkit's `createAction` is the same thing, but RTK is one module: importing anything of it into the
 * entry brings along everything the build uses of it, createSlice and immer included (5 KB gzip on every page). The chat
 * pages' slices (chat-slice.ts, the outbox) use createSlice in their own chunks and take these creators in their
 * `extraReducers` (`builder.addCase(loggedOut, …)`).
 */
export function defineAction<P = void, T extends string = string>(type: T): ActionCreator<P, T> {
  const create = (payload?: P) => ({ type, payload });
  return Object.assign(create, {
    type,
    match: (action: UnknownAction): action is PayloadAction<P, T> => action.type === type,
  }) as unknown as ActionCreator<P, T>;
}
