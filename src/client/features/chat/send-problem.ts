import { isApiRequestError } from '../../lib/api-error';

/**
 * What a refused send shows: the credit alert, the premium alert, "write a message first" (an empty form posted
 * without JavaScript), or the server's message in the member's language.
 */
export type SendProblem = { kind: 'credits' } | { kind: 'premium'; limit: number } | { kind: 'empty' } | { kind: 'text'; message: string };

/** The code of the conversation's route action for a post with neither text, photo nor gift (never sent on). */
export const EMPTY_MESSAGE = 'message_empty';

export function sendProblemOf(error: unknown, fallback: string): SendProblem {
  if (isApiRequestError(error)) {
    if (error.code === EMPTY_MESSAGE) return { kind: 'empty' };
    if (error.code === 'insufficient_credits') return { kind: 'credits' };
    if (error.code === 'conversation_limit_reached') return { kind: 'premium', limit: Number(error.params.limit ?? 2) };
    if (error.message && !error.message.startsWith('HTTP ')) return { kind: 'text', message: error.message };
  }
  return { kind: 'text', message: fallback };
}
