import type { Logger } from 'pino';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { recordMemberEvent, tell } from '../../lib/live-events';
import { deleteChatPhotoFiles } from '../media/index';
import { toSummary } from '../members/index';
import * as repo from './repository';

export async function listChats(db: Db, userId: number): Promise<Schemas['ChatList']> {
  const rows = await repo.listChats(db, userId);
  return {
    chats: rows.map((r) => ({
      conversation: r.conversation,
      profile: toSummary(r),
      num_unread_messages: r.num_unread_messages,
      last_message_at: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
      last_message: r.last_kind ? { kind: r.last_kind, text: r.last_body ?? '', gift: r.last_gift, mine: r.last_mine === true } : null,
    })),
    total_unread: rows.reduce((sum, r) => sum + r.num_unread_messages, 0),
  };
}

export interface SocialDeps {
  db: Db;
  /** The media store: the files of photo messages that a removal makes unreachable are deleted there. */
  media: MediaStore;
  logger: Logger;
  /** The event bus: a removed chat leaves the member's other tabs and devices at once. */
  bus?: Bus | undefined;
}

/**
 * Removes the chat from the member's list. The files of photo messages that neither member can reach any
 * more go after the commit; a failure there leaves the removal standing (the chat-photo sweep finds the files).
 */
export async function deleteChat(deps: SocialDeps, userId: number, conversationId: number): Promise<void> {
  const hidden = await deps.db.transaction(async (tx) => {
    const done = await repo.hideConversation(tx, userId, conversationId);
    // The last write: it takes the event lock until the commit.
    if (done) await recordMemberEvent(tx, userId, { kind: 'conversation_removed', data: { conversation: conversationId } });
    return done;
  });
  if (!hidden) throw notFound();
  await tell(deps.bus, [userId]);
  await deleteChatPhotoFiles(deps.db, deps.media, hidden.photos, deps.logger);
}

export async function listLikes(db: Db, userId: number): Promise<Schemas['LikeList']> {
  const rows = await repo.listLikes(db, userId);
  const received = rows.filter((r) => r.direction === 'received');
  return {
    profiles: rows.map((r) => ({
      profile: toSummary(r),
      like_new: r.like_new,
      direction: r.direction,
      match: r.match,
      created_at: new Date(r.created_at).toISOString(),
    })),
    liked_by: received.map((r) => r.id),
    total_new: received.filter((r) => r.like_new).length,
  };
}

/** Unread messages and new likes for the navigation (GET /user.php's `counts`). */
export function navCounts(db: Db, userId: number): Promise<Schemas['NavCounts']> {
  return repo.navCounts(db, userId);
}
