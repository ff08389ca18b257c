import { describe, expect, it } from 'vitest';
import { LAST_CHAT_STORAGE_KEY, readLastChat, saveLastChat } from '../../features/chat/last-chat-storage';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { chatOpened, chatReducer, chatRemoved, lastChatRestored, selectLastOpened, type LastChat } from './chat-slice';
import { loggedOut, userChanged } from './session-slice';
import { createAppStore } from './store';

const tom: LastChat = { conversation: 6, profile: { id: 43, name: 'Tom', main_image: null }, openedAt: '2025-03-14T12:30:00.000Z' };
const mark: LastChat = { conversation: null, profile: { id: 42, name: 'Mark', main_image: null }, openedAt: '2025-03-15T08:00:00.000Z' };

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('chat slice', () => {
  it('When a chat is opened, then it is the remembered one with its partner and date; the next one replaces it', () => {
    const one = chatReducer(undefined, chatOpened(tom));
    expect(one.lastOpened).toEqual(tom);
    expect(chatReducer(one, chatOpened(mark)).lastOpened).toEqual(mark);
  });

  it('When the stored chat is read back, then it fills an empty state but never overrides a chat opened on this page', () => {
    expect(chatReducer(undefined, lastChatRestored(tom)).lastOpened).toEqual(tom);
    expect(chatReducer({ lastOpened: mark }, lastChatRestored(tom)).lastOpened).toEqual(mark);
  });

  it('When the remembered chat is removed or the member logs out, then it is forgotten; removing another chat keeps it', () => {
    const state = { lastOpened: tom };
    expect(chatReducer(state, chatRemoved(42))).toBe(state);
    expect(chatReducer(state, chatRemoved(43)).lastOpened).toBeNull();
    expect(chatReducer(state, loggedOut()).lastOpened).toBeNull();
  });

  it("When the chat pages' module is loaded, then its slice is in every new store, starts empty and follows the session", () => {
    const store = createAppStore({
      session: { user: userFixture(), counts: null },
      site: { settings: settingsFixture, locale: 'en', browserLanguage: null, pageError: null },
    });
    expect(selectLastOpened(store.getState())).toBeNull();
    store.dispatch(chatOpened(tom));
    expect(selectLastOpened(store.getState())).toEqual(tom);
    store.dispatch(userChanged(userFixture({ id: 2 })));
    expect(selectLastOpened(store.getState())).toEqual(tom);
    store.dispatch(userChanged(null));
    expect(selectLastOpened(store.getState())).toBeNull();
  });

  it("When it is kept in the browser's storage, then only its own member reads it back, and broken values read as none", () => {
    const storage = memoryStorage();
    saveLastChat(storage, 1, tom);
    expect(readLastChat(storage, 1)).toEqual(tom);
    expect(readLastChat(storage, 2)).toBeNull();
    storage.setItem(LAST_CHAT_STORAGE_KEY, '{not json');
    expect(readLastChat(storage, 1)).toBeNull();
    storage.setItem(LAST_CHAT_STORAGE_KEY, JSON.stringify({ member: 1, chat: { ...tom, openedAt: 'yesterday' } }));
    expect(readLastChat(storage, 1)).toBeNull();
    saveLastChat(storage, 1, null);
    expect(storage.values.has(LAST_CHAT_STORAGE_KEY)).toBe(false);
  });
});
