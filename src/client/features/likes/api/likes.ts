import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { usePollInterval } from '../../../lib/push-state';

export type LikeList = Schemas['LikeList'];
export type Like = Schemas['Like'];
export type ProfileSummary = Schemas['ProfileSummary'];
export type LikeResult = Schemas['LikeResult'];

/**
 * SWR key of GET /likes.php — the same key as the navigation badges use, so the page, the like buttons and the
 * badge share one cache entry and one poll.
 */
export const LIKES_KEY = '/likes.php';

export function fetchLikes(api: ApiClient): Promise<LikeList> {
  return unwrap(api.GET('/likes.php'));
}

/** The member's likes (polled with the navigation); no request while logged out. */
export function useLikeList(enabled: boolean) {
  const api = useApi();
  const refreshInterval = usePollInterval();
  return useApiSWR(enabled ? LIKES_KEY : null, () => fetchLikes(api), { refreshInterval });
}

/** POST /like.php: like a member; `match` when he likes back. */
export function likeProfile(api: ApiClient, profileId: number): Promise<LikeResult> {
  return unwrap(api.POST('/like.php', { body: { profile_id: profileId } }));
}

/** DELETE /like.php: take a like back. */
export async function unlikeProfile(api: ApiClient, profileId: number): Promise<void> {
  await unwrap(api.DELETE('/like.php', { body: { profile_id: profileId } }));
}

/** GET /auto-like.php: a profile that likes the member (fictional profiles only, see README), or null. */
export async function autoLike(api: ApiClient): Promise<ProfileSummary | null> {
  return (await unwrap(api.GET('/auto-like.php'))).profile;
}

/** What the likes list says about one member: whether the viewer likes him, he likes the viewer (new?), a match. */
export function likeStateOf(list: LikeList | undefined, id: number): { liked: boolean; likesMe: boolean; isNew: boolean; match: boolean } {
  let liked = false;
  let likesMe = false;
  let isNew = false;
  for (const like of list?.profiles ?? []) {
    if (like.profile.id !== id) continue;
    if (like.direction === 'given') liked = true;
    else {
      likesMe = true;
      isNew = like.like_new;
    }
  }
  return { liked, likesMe, isNew, match: liked && likesMe };
}
