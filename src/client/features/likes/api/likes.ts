import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { LikeList } from '../../social/index';

/** GET /likes.php is its own resource (social/api/list-likes.ts: key, call, live hook); this module has the writes. */
export type { LikeList };

export type Like = Schemas['Like'];
export type ProfileSummary = Schemas['ProfileSummary'];
export type LikeResult = Schemas['LikeResult'];

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
