import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CountryLabel } from '../../../components/country-label';
import { HostLabel } from '../../../components/host-label';
import { OnlineDot } from '../../../components/online-dot';
import { PremiumBadge } from '../../../components/premium-badge';
import { VerifiedLabel } from '../../../components/verified-label';
import { DISTANCE_MESSAGES } from '../../../lib/distance-messages';
import { useSettings } from '../../../lib/store/store';
import { SexualHealthFacts } from '../../sexual-health/index';
import type { ProfileDetail } from '../api/get-profile';
import { PhotoGallery, type ReportPhoto } from './photo-gallery';
import { ProfileActions } from './profile-actions';
import { InterestList, ProfileFacts } from './profile-facts';

/** Active within the last day, but not online now: the "online recently" hint. */
const RECENT_MS = 24 * 3600_000;

export function ProfileView({
  profile,
  cdnPrefix,
  loggedIn,
  actions,
  extraActions,
  reportPhoto,
}: {
  profile: ProfileDetail;
  cdnPrefix: string;
  loggedIn: boolean;
  /** A member's main actions (like, message), in the action bar. */
  actions?: ReactNode;
  /** More actions of the viewer (e.g. block), placed under the main actions. */
  extraActions?: ReactNode;
  /** Reports a photo of the gallery (another member's profile). */
  reportPhoto?: ReportPhoto | undefined;
}) {
  const intl = useIntl();
  const settings = useSettings();
  const distance = profile.distance ? DISTANCE_MESSAGES[profile.distance] : undefined;
  const [now] = useState(() => Date.now());
  const recently = !profile.online && profile.last_active !== null && now - Date.parse(profile.last_active) < RECENT_MS;
  const caption = (
    <header>
      <h1 className="profile-name">
        <span>{profile.name}</span>
        {profile.age ? (
          <span className="fw-normal">
            <FormattedMessage id="member.ageShort" defaultMessage=", {age}" values={{ age: profile.age }} />
          </span>
        ) : null}
        {profile.verified ? <VerifiedLabel className="fs-6 ms-2 align-middle" /> : null}
        {profile.premium ? <PremiumBadge className="fs-6 ms-2 align-middle" /> : null}
      </h1>
      <HostLabel profile={profile} className="mb-1" />
      <p className="profile-status">
        <OnlineDot online={profile.online} />
        <span>
          {profile.online ? (
            <FormattedMessage id="member.online" defaultMessage="Online" />
          ) : recently ? (
            <FormattedMessage id="member.recently" defaultMessage="Online recently" />
          ) : (
            <FormattedMessage id="member.offline" defaultMessage="Offline" />
          )}
        </span>
        {distance ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              <FormattedMessage
                id="profile.distance"
                defaultMessage="{distance} away"
                values={{ distance: intl.formatMessage(distance) }}
              />
            </span>
          </>
        ) : null}
      </p>
    </header>
  );
  return (
    <article className="profile-layout">
      <PhotoGallery profile={profile} cdnPrefix={cdnPrefix} caption={caption} loggedIn={loggedIn} reportPhoto={reportPhoto} />
      <div className="surface profile-details">
        <p className="d-flex align-items-center gap-2 mb-0 text-body-secondary">
          <CountryLabel country={profile.country} region={profile.region} />
        </p>
        {profile.fictional && settings.fictional_icon ? (
          <p className="fictional-warning small mt-2 mb-0" data-testid="host-notice">
            <span aria-hidden="true">{settings.fictional_icon} </span>
            {settings.fictional_warning}
          </p>
        ) : null}
        {/* Like and Message: a bar at the bottom of a phone's screen, in reach of the thumb; in the column above. */}
        <div className="profile-action-bar" data-testid="profile-action-bar">
          {loggedIn ? actions : <ProfileActions loggedIn={false} name={profile.name} />}
        </div>
        {extraActions}
        {profile.about ? (
          <section className="mt-4">
            <h2 className="h5 fw-bold">
              <FormattedMessage id="profile.about" defaultMessage="About me" />
            </h2>
            <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
              {profile.about}
            </p>
          </section>
        ) : null}
        {profile.interests.length > 0 ? (
          <section className="mt-4">
            <h2 className="h5 fw-bold">
              <FormattedMessage id="profile.interests" defaultMessage="Interests" />
            </h2>
            <InterestList interests={profile.interests} />
          </section>
        ) : null}
        {Object.values(profile.attributes).some((value) => value !== null && value !== undefined && value !== '') ? (
          <section className="mt-4">
            <h2 className="h5 fw-bold">
              <FormattedMessage id="profile.details" defaultMessage="Details" />
            </h2>
            <ProfileFacts attributes={profile.attributes} />
          </section>
        ) : null}
        <SexualHealthFacts health={profile.sexual_health} listClass="profile-facts" />
      </div>
    </article>
  );
}
