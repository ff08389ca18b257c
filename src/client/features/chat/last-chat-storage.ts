import type { LastChat } from '../../lib/store/chat-slice';

// Where the remembered chat is kept between page loads (localStorage): outside the store module, so it is loaded
// with the chat pages only, not with every page's entry.

/** The browser's storage key; the value names its member, so another member on the same browser never sees it. */
export const LAST_CHAT_STORAGE_KEY = 'last_chat';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveLastChat(storage: KeyValueStorage, memberId: number, chat: LastChat | null): void {
  try {
    if (chat) storage.setItem(LAST_CHAT_STORAGE_KEY, JSON.stringify({ member: memberId, chat }));
    else storage.removeItem(LAST_CHAT_STORAGE_KEY);
  } catch {
    // Storage full or refused (private mode): the chat is remembered for this page only.
  }
}

/** The remembered chat of this member, or null (none, another member's, or unreadable). */
export function readLastChat(storage: KeyValueStorage, memberId: number): LastChat | null {
  try {
    const raw = storage.getItem(LAST_CHAT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { member?: unknown; chat?: Partial<LastChat> };
    const chat = value.chat;
    if (value.member !== memberId || !chat || typeof chat.openedAt !== 'string' || Number.isNaN(Date.parse(chat.openedAt))) return null;
    const profile = chat.profile;
    if (!profile || typeof profile.id !== 'number' || typeof profile.name !== 'string') return null;
    const conversation = typeof chat.conversation === 'number' ? chat.conversation : null;
    return {
      conversation,
      profile: { id: profile.id, name: profile.name, main_image: profile.main_image ?? null },
      openedAt: chat.openedAt,
    };
  } catch {
    return null;
  }
}
