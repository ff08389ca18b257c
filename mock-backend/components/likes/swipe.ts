import { SWIPE_LIKES_PER_DAY } from '../../../src/shared/constants';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { recordMemberEvent, tell } from '../../lib/live-events';
import { toSummary } from '../members/index';
import { preferencesOf } from './preferences';
import * as repo from './repository';
import { recordNotification } from '../push/index';

/** Cards per answer of swipe-game.php; the client asks again when it runs low. */
const SWIPE_CARDS = 10;
/** How long the last pass can be taken back. */
const UNDO_WINDOW_SECONDS = 3600;

/** The swipe game's day is the UTC calendar day: its likes reset at 00:00 UTC. */
export function swipeDay(now: Date): { day: string; resetsInSeconds: number } {
  const day = now.toISOString().slice(0, 10);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day, resetsInSeconds: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) };
}

function limitReached(resetsInSeconds: number): AppError {
  return new AppError(429, 'swipe_limit', {
    params: { limit: SWIPE_LIKES_PER_DAY, resets_in_seconds: resetsInSeconds },
    headers: { 'Retry-After': String(resetsInSeconds) },
  });
}

export async function getSwipeGame(db: Db, siteId: number, viewerId: number, now = new Date()): Promise<Schemas['SwipeGame']> {
  const { day, resetsInSeconds } = swipeDay(now);
  const prefs = await preferencesOf(db, viewerId);
  const [rows, used, undo] = await Promise.all([
    repo.listCandidates(db, { siteId, viewerId, prefs, limit: SWIPE_CARDS, skipSwiped: true }),
    repo.likesUsed(db, viewerId, day),
    repo.lastUndoablePass(db, viewerId, UNDO_WINDOW_SECONDS),
  ]);
  return {
    cards: rows.map((r) => toSummary(r)),
    likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
    likes_per_day: SWIPE_LIKES_PER_DAY,
    resets_in_seconds: resetsInSeconds,
    can_undo: undo !== null,
  };
}

/**
 * A swipe: a pass is remembered (the card stays away for a while); a like counts against the day's likes — refused
 * with 429 `swipe_limit` once they are used, enforced in the one statement that writes it — and is a real like,
 * a match when it is mutual.
 */
export async function swipe(
  db: Db,
  siteId: number,
  viewerId: number,
  body: { profile_id: number; like: boolean },
  now = new Date(),
  bus?: Bus,
): Promise<Schemas['SwipeResult']> {
  const id = body.profile_id;
  if (id === viewerId) throw new AppError(422, 'like_self');
  const target = await repo.findLikeable(db, siteId, viewerId, id);
  if (!target) throw notFound();
  const { day, resetsInSeconds } = swipeDay(now);
  if (!body.like) {
    await repo.swipePass(db, viewerId, id);
    const used = await repo.likesUsed(db, viewerId, day);
    return { match: false, likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used), resets_in_seconds: resetsInSeconds };
  }
  const result = await db.transaction(async (tx) => {
    await repo.lockPair(tx, viewerId, id);
    // A like that already exists (a repeated request, a card from a stale deck) costs nothing again.
    if (await repo.likeExists(tx, viewerId, id)) {
      return { used: await repo.likesUsed(tx, viewerId, day), match: await repo.likeExists(tx, id, viewerId) };
    }
    const used = await repo.swipeLike(tx, viewerId, id, day, SWIPE_LIKES_PER_DAY);
    if (used === null) return null;
    const match = await repo.insertLikeAndCheckMatch(tx, viewerId, id);
    await recordNotification(tx, { userId: id, kind: match ? 'match' : 'like', fromUserId: viewerId });
    await recordMemberEvent(tx, id, { kind: match ? 'match' : 'like', data: { profile: viewerId } });
    return { used, match, fresh: true };
  });
  if (!result) throw limitReached(resetsInSeconds);
  if ('fresh' in result) await tell(bus, [id]);
  return { match: result.match, likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - result.used), resets_in_seconds: resetsInSeconds };
}

/** Takes back the member's last swipe when it was a pass (within the hour): the card comes back first. */
export async function undoSwipe(db: Db, siteId: number, viewerId: number): Promise<Schemas['SwipeUndo']> {
  const targetId = await repo.lastUndoablePass(db, viewerId, UNDO_WINDOW_SECONDS);
  if (targetId === null || !(await repo.deletePass(db, viewerId, targetId))) throw new AppError(409, 'swipe_nothing_to_undo');
  const target = await repo.findLikeable(db, siteId, viewerId, targetId);
  return { profile: target ? toSummary(target) : null };
}
