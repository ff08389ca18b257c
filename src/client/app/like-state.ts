import { fetchLikes, LIKES_KEY } from '../features/likes/api/likes';
import { prefetchForMember, prefetchKey, type PrefetchContext, type PrefetchResult } from './route-handle';

/** The member's likes list (the like hearts' state, the likes pages), loaded with the user call for a member. */
export function prefetchLikeState(ctx: PrefetchContext): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(LIKES_KEY, () => fetchLikes(ctx.api)));
}
