import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Alert } from 'reactstrap';
import { Link } from '../../../components/link';
import { MemberPhoto } from '../../../components/member-photo';
import type { ProfileDetail } from '../api/get-profile';

/** Reporting a photo: the report page of each photo (a link without JavaScript), and the dialog that opens with it. */
export interface ReportPhoto {
  path: (photoId: number) => string;
  open: (photoId: number) => void;
}

/**
 * The photos as a swipeable strip (scroll snap: a finger swipes, the arrows and thumbnails serve mouse and keyboard)
 * with a count on the photo and `caption` (name, age, status) on its lower edge; locked photos stay blurred with a
 * lock overlay. A visitor who opens a locked photo (he wants more photos) is told he needs to be logged in, with the
 * signup and login links.
 */
export function PhotoGallery({
  profile,
  cdnPrefix,
  caption,
  loggedIn = true,
  reportPhoto,
}: {
  profile: ProfileDetail;
  cdnPrefix: string;
  caption?: ReactNode;
  loggedIn?: boolean;
  /** Given for a member viewing another's profile: a link on each photo he sees unblurred reports it. */
  reportPhoto?: ReportPhoto | undefined;
}) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const [askLogin, setAskLogin] = useState(false);
  const images = profile.images.length > 0 ? profile.images : profile.main_image ? [profile.main_image] : [];
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const anyLocked = images.some((image) => image.locked);

  // A visitor who reaches a blurred photo (thumbnail, arrow or swipe) is told how to see more.
  const reached = (i: number) => {
    setIndex(i);
    if (!loggedIn && images[i]?.locked) setAskLogin(true);
  };
  const show = (i: number) => {
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth * (document.documentElement.dir === 'rtl' ? -1 : 1), behavior: 'smooth' });
    reached(i);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) reached(Math.min(images.length - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth)));
  };

  return (
    <div>
      <div className="gallery-main">
        <div
          className="gallery-track"
          ref={track}
          // A scrollable region is reachable by keyboard, so the photos can be swiped with the arrow keys too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe: scrollable-region-focusable
          tabIndex={0}
          onScroll={onScroll}
          aria-label={intl.formatMessage({ id: 'profile.photos', defaultMessage: 'Photos' })}
          role="group"
        >
          {images.length === 0 ? (
            <div className="gallery-slide">
              <MemberPhoto cdnPrefix={cdnPrefix} image={null} name={profile.name} alt={profile.name} eager />
            </div>
          ) : (
            images.map((image, i) => (
              <div className="gallery-slide" key={image.id}>
                {reportPhoto && !image.locked ? (
                  // On its own photo, so it reports that photo without JavaScript too (the strip scrolls it along).
                  <a
                    href={reportPhoto.path(image.id)}
                    className="gallery-report"
                    onClick={(event) => {
                      event.preventDefault();
                      reportPhoto.open(image.id);
                    }}
                    aria-label={intl.formatMessage(
                      { id: 'safety.report.photoNumbered', defaultMessage: 'Report photo {number} of {name}' },
                      { number: i + 1, name: profile.name },
                    )}
                    data-testid="gallery-report"
                  >
                    <FormattedMessage id="safety.report.photoButton" defaultMessage="Report photo" />
                  </a>
                ) : null}
                <MemberPhoto
                  cdnPrefix={cdnPrefix}
                  image={image}
                  name={profile.name}
                  eager={i === 0}
                  priority={i === 0}
                  alt={intl.formatMessage(
                    { id: 'profile.photoAltNumbered', defaultMessage: 'Photo {number} of {name}' },
                    { number: i + 1, name: profile.name },
                  )}
                />
              </div>
            ))
          )}
        </div>
        {images.length > 1 ? (
          <>
            <span className="gallery-count" aria-hidden="true">
              {intl.formatNumber(index + 1)}/{intl.formatNumber(images.length)}
            </span>
            <button
              type="button"
              className="gallery-arrow is-prev"
              disabled={index === 0}
              onClick={() => show(index - 1)}
              aria-label={intl.formatMessage(
                { id: 'profile.showPhoto', defaultMessage: 'Show photo {number}' },
                { number: Math.max(index, 1) },
              )}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery-arrow is-next"
              disabled={index === images.length - 1}
              onClick={() => show(index + 1)}
              aria-label={intl.formatMessage(
                { id: 'profile.showPhoto', defaultMessage: 'Show photo {number}' },
                { number: Math.min(index + 2, images.length) },
              )}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        {caption ? <div className="gallery-caption">{caption}</div> : null}
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={intl.formatMessage({ id: 'profile.photos', defaultMessage: 'Photos' })}>
          {images.map((image, i) => (
            <li key={image.id}>
              <button type="button" aria-pressed={i === index} onClick={() => show(i)}>
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
      {!loggedIn ? (
        <div role="status" className="mt-2">
          {askLogin ? (
            <Alert color="warning" fade={false} role="none" className="d-flex flex-wrap align-items-center gap-2 mb-0">
              <span>
                <FormattedMessage
                  id="profile.loginToSeePhotos"
                  defaultMessage="You need to be logged in to see more photos of {name}."
                  values={{ name: profile.name }}
                />
              </span>
              <Link to={`${pathname}${search}#signup`} className="alert-link">
                <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
              </Link>
              <Link to="/login" className="alert-link">
                <FormattedMessage id="nav.login" defaultMessage="Log in" />
              </Link>
            </Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
