import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { Schemas } from '../../../../shared/api/client';
import { PRIVATE_ALBUM_ANCHOR } from '../album-paths';
import { useAlbum } from '../api/albums';

type PrivateAlbumInfo = Schemas['PrivateAlbumInfo'];

/**
 * Another member's private album on his profile: its size for everyone who sees the profile, and its photos (loaded
 * through album.php, their URLs short-lived) for a member he shares it with. Nothing when he has no private photo.
 */
export function PrivateAlbum({
  ownerId,
  name,
  info,
  cdnPrefix,
}: {
  ownerId: number;
  name: string;
  info: PrivateAlbumInfo;
  cdnPrefix: string;
}) {
  const intl = useIntl();
  const { data } = useAlbum(info.shared_with_me && info.count > 0 ? ownerId : null);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // Reached by its link (the chat's): the browser scrolls to it on a page load, the router's navigation does not.
  const linked = hash === `#${PRIVATE_ALBUM_ANCHOR}`;
  const ready = data !== undefined || !info.shared_with_me;
  useEffect(() => {
    if (linked && ready) section.current?.scrollIntoView?.({ block: 'start' });
  }, [linked, ready]);
  if (info.count === 0) return null;
  return (
    <section
      ref={section}
      id={PRIVATE_ALBUM_ANCHOR}
      className="surface mt-3"
      aria-labelledby="private-album-heading"
      data-testid="private-album"
    >
      <h2 id="private-album-heading" className="h5 fw-bold">
        <FormattedMessage
          id="albums.title"
          defaultMessage="Private album ({count, plural, one {# photo} other {# photos}})"
          values={{ count: info.count }}
        />
      </h2>
      {!info.shared_with_me ? (
        <p className="text-body-secondary mb-0">
          <FormattedMessage id="albums.notShared" defaultMessage="{name} has not shared his private album with you." values={{ name }} />
        </p>
      ) : data ? (
        <ul className="private-album-photos list-unstyled d-flex flex-wrap gap-2 mb-0">
          {data.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={`${cdnPrefix}${photo.match_path}`} target="_blank" rel="noreferrer">
                <img
                  src={`${cdnPrefix}${photo.thumb_filename}`}
                  alt={intl.formatMessage(
                    { id: 'albums.photoAlt', defaultMessage: 'Private photo {number} of {name}' },
                    { number: i + 1, name },
                  )}
                  width={120}
                  height={120}
                  loading="lazy"
                  className="rounded object-fit-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
