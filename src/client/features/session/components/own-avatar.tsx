import type { User } from '../../../../shared/api/client';
import { photoUrl } from '../../../components/member-photo';

/**
 * The member's own picture: his main photo's thumbnail, else the first letter of his name. Decorative: his name is
 * beside it or in the label of the control it sits in (the account menu, the "me" tab, the "me" page).
 */
export function OwnAvatar({ user, cdnPrefix, className, size }: { user: User; cdnPrefix: string; className: string; size: number }) {
  const image = user.profile.main_image;
  return image ? (
    <img className={className} src={photoUrl(cdnPrefix, image, true)} alt="" width={size} height={size} />
  ) : (
    <span className={className} aria-hidden="true">
      {user.profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
