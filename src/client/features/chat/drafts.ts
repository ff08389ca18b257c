import { useCallback } from 'react';
import { useSessionValue, writeSessionValue } from '../../lib/session-value';

/**
 * The composer's unsent text per conversation, kept for the tab: leaving to buy credits (the credit alert) and coming
 * back finds it again. Cleared when the message is sent.
 */
export function useChatDraft(conversation: string): [string, (text: string) => void] {
  const key = `chat.draft.${conversation}`;
  const text = useSessionValue(key) ?? '';
  const setText = useCallback((next: string) => writeSessionValue(key, next), [key]);
  return [text, setText];
}
