import { useEffect } from 'react';
import type { Schemas } from '../../../../shared/api/client';
import { chatOpened, chatRemoved, lastChatRestored, selectLastOpened, type LastChat } from '../../../lib/store/chat-slice';
import { readLastChat, saveLastChat } from '../last-chat-storage';
import { useAppDispatch, useAppSelector, useCurrentUser } from '../../../lib/store/store';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The chat the member opened last (partner and date), kept in the store and in the browser's localStorage so it
 * survives a reload; read back after hydration (the server never knows it, so the first render agrees).
 */
export function useLastChat(): LastChat | null {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const last = useAppSelector(selectLastOpened);
  const memberId = user?.id ?? null;
  useEffect(() => {
    const storage = browserStorage();
    if (memberId === null || !storage) return;
    dispatch(lastChatRestored(readLastChat(storage, memberId)));
  }, [dispatch, memberId]);
  return user ? last : null;
}

/** Remembers a conversation once it is shown. */
export function useRememberChat(conversation: number | null, partner: Schemas['ChatPartner'] | undefined): void {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const memberId = user?.id ?? null;
  const partnerId = partner?.id;
  const partnerName = partner?.name;
  const mainImage = partner?.main_image ?? null;
  useEffect(() => {
    if (memberId === null || partnerId === undefined || partnerName === undefined) return;
    const chat: LastChat = {
      conversation,
      profile: { id: partnerId, name: partnerName, main_image: mainImage },
      openedAt: new Date().toISOString(),
    };
    dispatch(chatOpened(chat));
    const storage = browserStorage();
    if (storage) saveLastChat(storage, memberId, chat);
    // The photo may change while the chat is open; the chat is remembered once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, memberId, conversation, partnerId, partnerName]);
}

/** Forgets the remembered chat when the member removes the chat with its partner. */
export function useForgetChat(): (partnerId: number) => void {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const last = useAppSelector(selectLastOpened);
  return (partnerId: number) => {
    dispatch(chatRemoved(partnerId));
    const storage = browserStorage();
    if (user && storage && last?.profile.id === partnerId) saveLastChat(storage, user.id, null);
  };
}
