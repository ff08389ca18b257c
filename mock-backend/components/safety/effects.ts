import { createHash } from 'node:crypto';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { recordMemberEvent } from '../../lib/live-events';
import { ensureMain } from '../photos/index';
import { canonicalAddress } from './canonical-address';
import * as repo from './effects-repository';

export { endSessions, recomputeEffects, suspensionOf } from './effects-repository';

/**
 * The effects of moderation decisions on the rest of the site. They are derived from the decisions that stand and
 * kept on the member's rows (users.suspended_until, users.restricted_until, profiles.hidden_until) in the decision's
 * transaction; the other components read those columns with a time comparison, so an effect ends by itself.
 */

/** A banned address is kept and compared as the hash of its canonical form: the mailbox, not the spelling. */
const addressHash = (address: string) => createHash('sha256').update(canonicalAddress(address)).digest('hex');

export async function banAddress(db: Db, siteId: number, memberId: number, decisionId: number): Promise<void> {
  const email = await repo.memberEmail(db, memberId);
  if (email === undefined) return;
  await repo.insertBannedAddress(db, siteId, addressHash(email), decisionId);
}

/** Whether a ban that stands covers this address on the site (signup then creates a decoy, saying nothing). */
export async function isBannedAddress(db: Db, siteId: number, address: string): Promise<boolean> {
  return repo.standingBan(db, siteId, addressHash(address));
}

/**
 * Called by chat before a new conversation is created: a restricted or suspended sender starts none (403
 * account_restricted); a suspended partner is answered like an unknown member.
 */
export async function assertMayStartConversation(db: Db, senderId: number, partnerId: number): Promise<void> {
  const rows = await repo.limitsOf(db, [senderId, partnerId]);
  if (rows.find((r) => r.id === senderId)?.limited) throw new AppError(403, 'account_restricted');
  if (rows.find((r) => r.id === partnerId)?.suspended) throw notFound();
}

export type ContentKind = 'photo' | 'message' | 'profile_text';

/**
 * Soft-deletes the member's content; answers what is needed to restore it, or null when there is no such content of
 * his (left to the caller to refuse). A photo becomes `rejected` (nobody else sees it; the main flag moves on); a
 * message keeps its row, marked removed, its text kept in the decision; the profile text is emptied.
 */
export async function removeContent(
  db: Db,
  memberId: number,
  kind: ContentKind,
  id: number | null,
): Promise<Record<string, unknown> | null> {
  if (kind === 'photo') {
    const row = await repo.rejectPhoto(db, memberId, id);
    if (!row) return null;
    await ensureMain(db, memberId);
    return { status: row.status };
  }
  if (kind === 'message') {
    const row = await repo.removeMessage(db, memberId, id);
    return row ? { body: row.body } : null;
  }
  const row = await repo.emptyProfileText(db, memberId);
  return row ? { about: row.about } : null;
}

/**
 * Tells both members of its conversation that moderation removed the message (`message_removed`, lib/live-events.ts),
 * so their open conversations show its placeholder at once. Recorded in the decision's transaction — as its last write,
 * since it takes the chat's event lock until the commit — so a decision that rolls back tells nobody; answers the
 * members to `tell` after the commit.
 */
export async function recordMessageRemoved(tx: Db, messageId: number): Promise<number[]> {
  const row = await repo.removedMessage(tx, messageId);
  if (!row) return [];
  const data = { conversation: row.conversation_id, message: messageId, removed_at: new Date(row.removed_at).toISOString() };
  for (const member of row.members) await recordMemberEvent(tx, member, { kind: 'message_removed', data });
  return row.members;
}

/** Restores removed content where it still exists (a deleted photo or chat stays gone; a new profile text stays). */
export async function restoreContent(
  db: Db,
  memberId: number,
  kind: ContentKind,
  id: number | null,
  removed: Record<string, unknown>,
): Promise<void> {
  if (kind === 'photo') {
    const status = removed.status === 'pending' ? 'pending' : 'approved';
    await repo.restorePhoto(db, memberId, id, status);
    await ensureMain(db, memberId);
  } else if (kind === 'message') {
    await repo.restoreMessage(db, memberId, id, String(removed.body ?? ''));
  } else {
    await repo.restoreProfileText(db, memberId, String(removed.about ?? ''));
  }
}
