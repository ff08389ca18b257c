import type { Db } from '../../lib/db';
import { notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { toSummary } from '../members/service';
import * as repo from './repository';

export async function listChats(db: Db, userId: number): Promise<Schemas['ChatList']> {
  const rows = await repo.listChats(db, userId);
  return {
    chats: rows.map((r) => ({
      conversation: r.conversation,
      profile: toSummary(r),
      num_unread_messages: r.num_unread_messages,
      last_message_at: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
    })),
    total_unread: rows.reduce((sum, r) => sum + r.num_unread_messages, 0),
  };
}

export async function deleteChat(db: Db, userId: number, conversationId: number): Promise<void> {
  if (!(await repo.hideConversation(db, userId, conversationId))) throw notFound();
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

/**
 * auto-like.php is a GET (SPEC §7), and GETs are retried by the BFF: a repeat within this window answers the
 * like it already made instead of making another, so retries and double polls stay harmless.
 */
export const AUTO_LIKE_REPEAT_WINDOW_SECONDS = 60;

/** Lets an eligible profile like the member; null when no profile is left. */
export async function autoLike(db: Db, siteId: number, userId: number): Promise<Schemas['ProfileSummary'] | null> {
  const recent = await repo.recentAutoLiker(db, userId, AUTO_LIKE_REPEAT_WINDOW_SECONDS);
  if (recent !== null) {
    const row = await repo.findSummary(db, recent);
    if (row) return toSummary(row);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const likerId = await repo.pickAutoLiker(db, siteId, userId);
    if (likerId === null) return null;
    if (await repo.insertLike(db, likerId, userId, { auto: true })) {
      const row = await repo.findSummary(db, likerId);
      return row ? toSummary(row) : null;
    }
  }
  return null;
}
