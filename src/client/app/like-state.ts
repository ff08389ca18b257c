import { likesKey, listLikes } from '../features/social/api/list-likes';
import { prefetchForMember, prefetchKey, type PageContext, type PrefetchResult } from './route-handle';

/** The member's likes list (the like hearts' state, the likes pages), loaded with the user call for a member. */
export function prefetchLikeState(ctx: PageContext): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(likesKey(), () => listLikes(ctx.api)));
}
