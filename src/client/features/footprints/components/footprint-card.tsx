import { useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { CountryLabel } from '../../../components/country-label';
import { HostLabel } from '../../../components/host-label';
import { MemberPhoto } from '../../../components/member-photo';
import { OnlineDot } from '../../../components/online-dot';
import { useSettings } from '../../../lib/store/store';
import type { Footprint } from '../api/footprints';
import { RelativeTime } from '../../../components/relative-time';

/**
 * A visitor's card: photo and name link to his profile, "new" until the member opened the list, and when he looked
 * ("viewed 5 minutes ago"; the exact time in the title). The relative time is the browser's own after hydration.
 */
export function FootprintCard({ footprint, now, eager }: { footprint: Footprint; now: number; eager: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const { profile } = footprint;
  const alt = intl.formatMessage({ id: 'member.photoAlt', defaultMessage: 'Photo of {name}' }, { name: profile.name });
  return (
    <Link to={`/members/${profile.id}`} className="member-card" data-testid="footprint">
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
        <span className="d-flex flex-wrap gap-1 mt-1">
          {footprint.new ? (
            <span className="badge text-bg-primary">{intl.formatMessage({ id: 'footprints.badge.new', defaultMessage: 'New' })}</span>
          ) : null}
          <span className="badge text-bg-light">
            {intl.formatMessage(
              { id: 'footprints.viewedAt', defaultMessage: 'Viewed {when}' },
              {
                when: <RelativeTime key="when" at={footprint.viewed_at} now={now} />,
              },
            )}
          </span>
        </span>
      </span>
    </Link>
  );
}
