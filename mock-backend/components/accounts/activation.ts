import type { Db } from '../../lib/db';
import { deliverHeldMessages } from '../chat/index';
import { recordNotification } from '../push/index';
import * as repo from './repository';

/**
 * The account and its profile become active (in the caller's transaction). Messages he wrote before confirming are
 * delivered now; the streams find them at their next look, and their recipients hear of them as of any new message
 * (push or a notification e-mail). Answers null when the account was not waiting for its confirmation.
 */
export async function activate(tx: Db, userId: number): Promise<{ site_id: number } | null> {
  const activated = await repo.activate(tx, userId);
  if (activated)
    for (const to of await deliverHeldMessages(tx, userId))
      await recordNotification(tx, { userId: to.userId, kind: 'message', fromUserId: userId, conversationId: to.conversationId });
  return activated;
}
