import type { Schemas } from '../lib/api-types';
import type { Db } from '../lib/db';
import { pickAutoLike } from '../components/likes/index';
import { toSummary } from '../components/members/index';
import { findSummary } from '../components/social/index';

/**
 * auto-like.php: the likes component decides and makes the automatic like (likes/auto-like.ts has its rule), and the
 * answer is the liker's profile summary as the lists show it (social, members) — three components, so it lives above
 * them. Null when no profile may like him.
 */
export async function autoLike(db: Db, siteId: number, userId: number): Promise<Schemas['ProfileSummary'] | null> {
  const likerId = await pickAutoLike(db, siteId, userId);
  if (likerId === null) return null;
  const row = await findSummary(db, likerId);
  return row ? toSummary(row) : null;
}
