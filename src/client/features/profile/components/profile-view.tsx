import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CountryLabel } from '../../../components/country-label';
import { OnlineDot } from '../../../components/online-dot';
import { PremiumBadge } from '../../../components/premium-badge';
import { DISTANCE_MESSAGES } from '../../../lib/distance-messages';
import { useSettings } from '../../../lib/store/store';
import type { ProfileDetail } from '../api/get-profile';
import { PhotoGallery } from './photo-gallery';
import { ProfileActions } from './profile-actions';
import { InterestList, ProfileFacts } from './profile-facts';

/** Active within the last day, but not online now: the "online recently" hint. */
const RECENT_MS = 24 * 3600_000;

export function ProfileView({
  profile,
  cdnPrefix,
  loggedIn,
  extraActions,
}: {
  profile: ProfileDetail;
  cdnPrefix: string;
  loggedIn: boolean;
  /** More actions of the viewer (e.g. block), placed under the main actions. */
  extraActions?: ReactNode;
}) {
  const intl = useIntl();
  const settings = useSettings();
  const distance = profile.distance ? DISTANCE_MESSAGES[profile.distance] : undefined;
  const [now] = useState(() => Date.now());
  const recently = !profile.online && profile.last_active !== null && now - Date.parse(profile.last_active) < RECENT_MS;
  return (
    <article className="profile-layout">
      <PhotoGallery profile={profile} cdnPrefix={cdnPrefix} />
      <div className="surface">
        <header className="mb-3">
          <h1 className="h2 fw-bold d-flex flex-wrap align-items-center gap-2 mb-1">
            <span>{profile.name}</span>
            {profile.age ? (
              <span className="fw-normal text-body-secondary">
                <FormattedMessage id="profile.age" defaultMessage="{age} years" values={{ age: profile.age }} />
              </span>
            ) : null}
            {profile.premium ? <PremiumBadge className="fs-6" /> : null}
          </h1>
          <p className="d-flex align-items-center gap-2 mb-0 text-body-secondary">
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
            <span aria-hidden="true">·</span>
            <CountryLabel country={profile.country} region={profile.region} />
            {distance ? (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  <FormattedMessage id="profile.distance" defaultMessage="{distance} away" values={{ distance: intl.formatMessage(distance) }} />
                </span>
              </>
            ) : null}
          </p>
          {profile.fictional && settings.fictional_icon ? (
            <p className="fictional-warning small mt-2 mb-0">
              <span aria-hidden="true">{settings.fictional_icon} </span>
              {settings.fictional_warning}
            </p>
          ) : null}
        </header>
        <ProfileActions loggedIn={loggedIn} name={profile.name} />
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
      </div>
    </article>
  );
}
