import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { Schemas } from '../../../../shared/api/client';
import { CountryLabel } from '../../../components/country-label';
import { HostLabel } from '../../../components/host-label';
import { MemberPhoto } from '../../../components/member-photo';
import { OnlineDot } from '../../../components/online-dot';
import { PremiumBadge } from '../../../components/premium-badge';
import { VerifiedBadge } from '../../../components/verified-badge';
import { DISTANCE_MESSAGES } from '../../../lib/distance-messages';
import { formatHeightBrief, POSITION_BRIEF, RIGHT_NOW } from '../../../lib/card-words';

export type ProfileSummary = Schemas['ProfileSummary'];

/**
 * A photo card, faces first: the photo fills the card, and name, age, online dot and the distance band (else the
 * country) lie on its lower edge, with the verified badge after the name and age; the premium badge in a corner. The
 * name is shown whole, wrapping between its words, and the age stays beside its last word. A host (the site's fictional profiles)
 * carries the site's host label above his name. The whole card links to the profile.
 */
export function MemberCard({
  profile,
  cdnPrefix,
  eager = false,
  priority = false,
  compact = false,
}: {
  profile: ProfileSummary;
  cdnPrefix: string;
  eager?: boolean;
  priority?: boolean;
  compact?: boolean;
}) {
  const intl = useIntl();
  const distance = profile.distance ? DISTANCE_MESSAGES[profile.distance] : undefined;
  // His own words in brief, only what he said: "Right now" when he is looking for a meeting today, "Vers · 180 cm".
  const rightNow = profile.looking_for?.includes('right_now') ?? false;
  const position = profile.position ? POSITION_BRIEF[profile.position] : undefined;
  const brief = [
    position ? intl.formatMessage(position) : null,
    profile.height_cm != null ? formatHeightBrief(profile.height_cm, intl.locale) : null,
  ].filter((part): part is string => part !== null);
  const alt = intl.formatMessage({ id: 'member.photoAlt', defaultMessage: 'Photo of {name}' }, { name: profile.name });
  return (
    <Link to={`/members/${profile.id}`} className="member-card">
      <MemberPhoto cdnPrefix={cdnPrefix} image={profile.main_image} alt={alt} name={profile.name} eager={eager} priority={priority} />
      {profile.premium && !compact ? <PremiumBadge className="premium-badge" /> : null}
      <span className="member-card-body d-block">
        <HostLabel profile={profile} />
        <span className="member-name">
          <OnlineDot online={profile.online} />
          <span className="name">{profile.name}</span>
          {profile.age ? (
            <span className="fw-normal member-age">
              <FormattedMessage id="member.ageShort" defaultMessage=", {age}" values={{ age: profile.age }} />
            </span>
          ) : null}
          {profile.verified ? <VerifiedBadge /> : null}
        </span>
        {!compact ? (
          <span className="member-meta d-block">
            {distance ? (
              <>
                <span className="member-distance">{intl.formatMessage(distance)}</span>
                <span className="visually-hidden">
                  {' · '}
                  <CountryLabel country={profile.country} region={profile.region} />
                </span>
              </>
            ) : (
              <CountryLabel country={profile.country} region={profile.region} />
            )}
          </span>
        ) : null}
        {!compact && (rightNow || brief.length > 0) ? (
          <span className="member-brief d-block" data-testid="member-brief">
            {rightNow ? <span className="member-right-now">{intl.formatMessage(RIGHT_NOW)}</span> : null}
            {rightNow && brief.length > 0 ? ' ' : null}
            {brief.join(' · ')}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
