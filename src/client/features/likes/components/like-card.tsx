import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { Schemas } from '../../../../shared/api/client';
import { CountryLabel } from '../../../components/country-label';
import { HostLabel } from '../../../components/host-label';
import { MemberPhoto } from '../../../components/member-photo';
import { OnlineDot } from '../../../components/online-dot';
import { useSettings } from '../../../lib/store/store';
import { LikeButton } from './like-button';

/**
 * A member card of the likes page, the match finder and the signup suggestions: photo and name link to the profile
 * (`/likes/m/{id}`), badges under the name, and the heart to like or unlike beside the link (a button is
 * never inside a link). A host (the site's fictional profiles) carries the site's host label above his name.
 */
export function LikeCard({ profile, badges, eager = false }: { profile: Schemas['ProfileSummary']; badges?: ReactNode; eager?: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const alt = intl.formatMessage({ id: 'member.photoAlt', defaultMessage: 'Photo of {name}' }, { name: profile.name });
  return (
    <div className="like-card">
      <Link to={`/likes/m/${profile.id}`} className="member-card">
        <MemberPhoto cdnPrefix={settings.cdn_prefix} image={profile.main_image} alt={alt} name={profile.name} eager={eager} />
        <span className="member-card-body d-block">
          <HostLabel profile={profile} />
          <span className="member-name">
            <OnlineDot online={profile.online} />
            <span className="name">{profile.name}</span>
            {profile.age ? <span className="fw-normal member-age">, {intl.formatNumber(profile.age)}</span> : null}
          </span>
          <span className="member-meta d-block">
            <CountryLabel country={profile.country} region={profile.region} />
          </span>
          {badges ? <span className="like-badges d-flex flex-wrap gap-1 mt-1">{badges}</span> : null}
        </span>
      </Link>
      <LikeButton profile={profile} variant="icon" />
    </div>
  );
}
