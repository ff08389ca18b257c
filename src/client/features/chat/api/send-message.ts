import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type SentMessage = Schemas['SentMessage'];

/**
 * POST /message.php with the attempt's Idempotency-Key: the same key for a repeat of the same attempt (a retry
 * after a lost answer), so the message is sent and charged once.
 */
export function sendMessage(api: ApiClient, body: { profile_id: number; text: string }, idempotencyKey: string): Promise<SentMessage> {
  return unwrap(api.POST('/message.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
