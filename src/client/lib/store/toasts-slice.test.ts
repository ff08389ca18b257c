import { describe, expect, it } from 'vitest';
import { settingsFixture } from '../../test/fixtures';
import { loggedOut } from './session-slice';
import { createAppStore } from './store';
import { MAX_TOASTS, selectToasts, toastClosed, toastShown, toastsReducer, type MessageToast } from './toasts-slice';

const toast = (id: number, conversation: number): MessageToast => ({ id, conversation, text: `message ${id}` });

describe('toasts slice', () => {
  it('When messages come in, then each conversation has one toast, its newest, and only the newest three stay', () => {
    let state = toastsReducer(undefined, toastShown(toast(1, 10)));
    state = toastsReducer(state, toastShown(toast(2, 11)));
    state = toastsReducer(state, toastShown(toast(3, 10)));
    expect(state.items.map((t) => t.id)).toEqual([2, 3]);
    for (const [id, conversation] of [
      [4, 12],
      [5, 13],
    ] as const)
      state = toastsReducer(state, toastShown(toast(id, conversation)));
    expect(state.items).toHaveLength(MAX_TOASTS);
    expect(state.items.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('When a toast is closed, then only it goes; an unknown one changes nothing; logging out clears them all', () => {
    const state = toastsReducer(toastsReducer(undefined, toastShown(toast(1, 10))), toastShown(toast(2, 11)));
    expect(toastsReducer(state, toastClosed(1)).items.map((t) => t.id)).toEqual([2]);
    expect(toastsReducer(state, toastClosed(99)).items).toEqual(state.items);
    expect(toastsReducer(state, loggedOut()).items).toEqual([]);
  });

  it("When the members' chunk has loaded, then every new store has the toasts, read through the slice's selector", () => {
    const store = createAppStore({
      session: { user: null, counts: null },
      site: { settings: settingsFixture, locale: 'en', browserLanguage: null, pageError: null },
    });
    expect(selectToasts(store.getState())).toEqual([]);
    store.dispatch(toastShown(toast(7, 70)));
    expect(selectToasts(store.getState())).toEqual([toast(7, 70)]);
  });
});
