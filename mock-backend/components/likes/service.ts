import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { recordMemberEvent, tell } from '../../lib/live-events';
import { toSummary } from '../members/index';
import { preferencesOf } from './preferences';
import { recordNotification, type Notifier } from '../push/index';
import * as repo from './repository';

function likeSelf(): AppError {
  return new AppError(422, 'like_self');
}

/**
 * Likes a member; answers whether it is now a match. The like and the look for the like back run under a lock on
 * the pair, so when both like each other in the same instant the second of them answers `match: true`.
 * Liking twice changes nothing and answers the same.
 */
export async function likeProfile(
  db: Db,
  siteId: number,
  viewerId: number,
  id: number,
  notifier?: Notifier,
  bus?: Bus,
): Promise<Schemas['LikeResult']> {
  if (id === viewerId) throw likeSelf();
  const target = await repo.findLikeable(db, siteId, viewerId, id);
  if (!target) throw notFound();
  const { match, fresh } = await db.transaction(async (tx) => {
    await repo.lockPair(tx, viewerId, id);
    const isNew = !(await repo.likeExists(tx, viewerId, id));
    const isMatch = await repo.insertLikeAndCheckMatch(tx, viewerId, id);
    if (isNew) {
      await recordNotification(tx, { userId: id, kind: isMatch ? 'match' : 'like', fromUserId: viewerId });
      // The liked member's open pages show the pop-up (the last write: it takes the event lock until the commit).
      await recordMemberEvent(tx, id, { kind: isMatch ? 'match' : 'like', data: { profile: viewerId } });
    }
    return { match: isMatch, fresh: isNew };
  });
  if (fresh) {
    notifier?.kick();
    await tell(bus, [id]);
  }
  return { match, profile: toSummary(target) };
}

/** Takes a like back (also when there was none); a match it made is gone with it. */
export async function unlikeProfile(db: Db, viewerId: number, id: number): Promise<void> {
  if (id === viewerId) throw likeSelf();
  await db.transaction(async (tx) => {
    await repo.lockPair(tx, viewerId, id);
    await repo.deleteLike(tx, viewerId, id);
  });
}

const MATCH_FINDER_MAX = 48;

/** Members who fit the member's preferences, those who already like him first (the match finder, signup suggestions). */
export async function findMatches(db: Db, siteId: number, viewerId: number, limit: number): Promise<Schemas['MatchSuggestions']> {
  const prefs = await preferencesOf(db, viewerId);
  const rows = await repo.listCandidates(db, { siteId, viewerId, prefs, limit: Math.min(limit, MATCH_FINDER_MAX), skipSwiped: false });
  return {
    preferences: prefs,
    matches: rows.map((r) => ({ profile: toSummary(r), likes_you: r.likes_you, shared_interests: r.shared_interests })),
  };
}
