import type { Db } from '../../lib/db';
import { preferencesOf } from './preferences';
import * as repo from './repository';

/**
 * auto-like.php is a GET, and GETs are retried by the BFF: a repeat within this window answers the
 * like it already made instead of making another, so retries and double polls stay harmless.
 */
const AUTO_LIKE_REPEAT_WINDOW_SECONDS = 60;
/** At most one automatic like per member in this many seconds. */
const AUTO_LIKE_INTERVAL_SECONDS = 24 * 3600;

/**
 * The fair rule of auto-like.php (README, "Auto-like"): only the site's fictional profiles — marked with the
 * site's fictional icon and warning wherever they show — ever like a member automatically; a real member's interest
 * is never invented. At most one such like per day, none while the member is invisible, never from a profile he
 * blocked, passed or already has a like with; profiles that fit his preferences first. Answers the profile that
 * liked him (made now or a moment ago), null when none may.
 */
export async function pickAutoLike(db: Db, siteId: number, userId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    // One decision per member at a time, so two polls at once cannot make two likes.
    await repo.lockAutoLike(tx, userId);
    const latest = (await repo.recentAutoLikes(tx, userId, AUTO_LIKE_INTERVAL_SECONDS))[0];
    if (latest) return latest.age_seconds <= AUTO_LIKE_REPEAT_WINDOW_SECONDS ? latest.liker_id : null;
    if (await repo.isInvisible(tx, userId)) return null;
    const picked = await repo.pickFictionalLiker(tx, siteId, userId, await preferencesOf(tx, userId));
    if (picked === null) return null;
    await repo.insertAutoLike(tx, picked, userId);
    return picked;
  });
}
