import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { CONVERSATION_PAGE_SIZE } from '../../../../shared/chat';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type Conversation = Schemas['Conversation'];
export type ChatMessage = Schemas['Message'];

/** What names a conversation page: the conversation (/chats/:id) or the other member (/members/:id/chat). */
export type ConversationRef = { conversation: number } | { profileId: number };

const refQuery = (ref: ConversationRef) => ('conversation' in ref ? { conversation: ref.conversation } : { profile_id: ref.profileId });

/** SWR key of the newest page of a conversation. */
export function conversationKey(ref: ConversationRef): string {
  return swrKey('/conversation.php', refQuery(ref));
}

export function getConversation(api: ApiClient, ref: ConversationRef, before?: number): Promise<Conversation> {
  const query = {
    ...refQuery(ref),
    ...(before !== undefined ? { before } : {}),
    limit: CONVERSATION_PAGE_SIZE,
  };
  return unwrap(api.GET('/conversation.php', { params: { query } }));
}

/** The newest page; no request without a reference (an id that is not a number). */
export function useConversation(ref: ConversationRef | null) {
  const api = useApi();
  return useApiSWR(ref ? conversationKey(ref) : null, () => getConversation(api, ref as ConversationRef), { revalidateOnFocus: true });
}

/** "12" → 12; anything else (0, negatives, words, ids past int4) → null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Messages of two pages or events together: one per id, in stream order. */
export function mergeMessages(...lists: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}
