import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MemberPhoto } from '../../../components/member-photo';
import type { ProfileDetail } from '../api/get-profile';

/** Main photo and a thumbnail strip; locked photos stay blurred with a lock overlay. */
export function PhotoGallery({ profile, cdnPrefix }: { profile: ProfileDetail; cdnPrefix: string }) {
  const intl = useIntl();
  const images = profile.images.length > 0 ? profile.images : profile.main_image ? [profile.main_image] : [];
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)] ?? null;
  const anyLocked = images.some((image) => image.locked);

  return (
    <div>
      <div className="gallery-main">
        <MemberPhoto
          cdnPrefix={cdnPrefix}
          image={current}
          name={profile.name}
          eager
          alt={intl.formatMessage({ id: 'profile.photoAltNumbered', defaultMessage: 'Photo {number} of {name}' }, { number: Math.min(index, Math.max(images.length - 1, 0)) + 1, name: profile.name })}
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={intl.formatMessage({ id: 'profile.photos', defaultMessage: 'Photos' })}>
          {images.map((image, i) => (
            <li key={image.id}>
              <button type="button" aria-pressed={i === index} onClick={() => setIndex(i)}>
                <MemberPhoto
                  cdnPrefix={cdnPrefix}
                  image={image}
                  name={profile.name}
                  thumb
                  alt={intl.formatMessage({ id: 'profile.showPhoto', defaultMessage: 'Show photo {number}' }, { number: i + 1 })}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {anyLocked ? (
        <p className="small text-body-secondary mt-2 mb-0">
          <FormattedMessage id="profile.lockedHint" defaultMessage="Premium members see all photos unblurred." />
        </p>
      ) : null}
    </div>
  );
}
