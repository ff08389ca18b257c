import type { User } from '../../../shared/api/client';
import { photoUrl } from '../../components/member-photo';
import type { ProfileDetail } from './api/get-profile';

/**
 * The picture a shared profile link shows (og:image / twitter:image): the profile's approved main photo as this
 * viewer gets it (the blurred variant when his copy is locked), as an absolute URL (an absolute cdn_prefix as it is,
 * else under the public origin). None without a photo, for a photo awaiting moderation, and for a profile that is not
 * active and public: the member viewing his own disabled or invisible profile gets no preview of it.
 */
export function socialImage(
  profile: ProfileDetail,
  viewer: Pick<User, 'id' | 'profile'> | null,
  cdnPrefix: string,
  publicUrl: string | undefined,
): string | null {
  const image = profile.main_image;
  if (!image || image.status !== 'approved') return null;
  if (
    viewer &&
    (viewer.id === profile.id || viewer.profile.id === profile.id) &&
    (viewer.profile.status !== 'active' || viewer.profile.invisible === true)
  )
    return null;
  const src = photoUrl(cdnPrefix, image);
  if (/^https?:\/\//.test(src)) return src;
  if (!publicUrl) return null;
  try {
    return new URL(src, `${publicUrl}/`).href;
  } catch {
    return null;
  }
}
