import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { LockIcon } from '../../../components/icons';
import { Link } from '../../../components/link';
import { MemberPhoto } from '../../../components/member-photo';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import type { OwnImage } from '../api/upload-photo';
import { PhotoUpload } from './photo-upload';

/** The form of a photo's buttons (its route action: the own profile page's), by `intent`. */
export const PHOTO_EDIT_FORM = 'photo-edit';
export const PHOTO_MAIN_INTENT = 'photo-main';
export const PHOTO_DELETE_INTENT = 'photo-delete';
/** Puts a photo into the private album or takes it out (field `private`: 1 or 0). */
export const PHOTO_PRIVATE_INTENT = 'photo-private';
/** The query of the page a photo's deletion returns to, which says so. */
export const PHOTO_DELETED = { name: 'photo', value: 'deleted' } as const;

/**
 * The member's own photos: upload (up to the limit), choose the main one, make one private (his private album) or
 * public again, delete ('Foto verwijderd.'), and a link to the members he shares his private album with. Each photo's
 * buttons are forms posted to `postTo` (the own profile, whose action saves the choice and answers the page again with
 * the photos as they are now): through the router with JavaScript, by the browser without it.
 */
export function PhotoManager({
  photos,
  limit,
  cdnPrefix,
  name,
  postTo,
  sharesPage,
}: {
  photos: OwnImage[];
  limit: number;
  cdnPrefix: string;
  name: string;
  postTo: string;
  /** The page of the members he shares his private album with (the albums feature's), linked under the photos. */
  sharesPage?: string;
}) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const refused = useFormFailure(PHOTO_EDIT_FORM);
  const choosingMain = usePendingForm(postTo, { intent: PHOTO_MAIN_INTENT });
  const deleting = usePendingForm(postTo, { intent: PHOTO_DELETE_INTENT });
  const privating = usePendingForm(postTo, { intent: PHOTO_PRIVATE_INTENT });
  const busy = choosingMain ?? deleting ?? privating;
  let notice: { tone: 'success' | 'danger'; text: string } | null = null;
  if (busy) notice = null;
  else if (refused)
    notice = {
      tone: 'danger',
      text:
        refused.error.status < 500 && refused.error.message
          ? refused.error.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
    };
  else if (search.get(PHOTO_DELETED.name) === PHOTO_DELETED.value)
    notice = { tone: 'success', text: intl.formatMessage({ id: 'photos.deleted', defaultMessage: 'Photo deleted.' }) };

  /** A photo's button: a form of its own with the photo and what to do with it. */
  const photoForm = (photo: OwnImage, intent: string, button: ReactNode, extra?: ReactNode) => (
    <RouterForm action={postTo} replace preventScrollReset className="d-inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photo_id" value={photo.id} />
      {extra}
      {button}
    </RouterForm>
  );

  return (
    <section className="surface" aria-labelledby="photos-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h2 id="photos-heading" className="h5 fw-bold mb-0">
          <FormattedMessage id="photos.title" defaultMessage="My photos" />
        </h2>
        <span className="text-body-secondary small">
          <FormattedMessage id="photos.count" defaultMessage="{count} of {limit} photos" values={{ count: photos.length, limit }} />
        </span>
      </div>
      {photos.length > 0 ? (
        <ul className="own-photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              {/* The own photos load at once (a handful): a photo just added shows without scrolling to it, and one
                  being deleted is never asked for after it is gone. */}
              <MemberPhoto
                cdnPrefix={cdnPrefix}
                image={photo}
                name={name}
                thumb
                eager
                alt={intl.formatMessage({ id: 'photos.ownAlt', defaultMessage: 'Your photo {number}' }, { number: i + 1 })}
              />
              <div className="own-photo-meta">
                {/* text-bg-* picks a text colour with enough contrast on the badge colour (white on light blue has not). */}
                {photo.is_main ? (
                  <span className="badge text-bg-primary">
                    <FormattedMessage id="photos.main" defaultMessage="Main photo" />
                  </span>
                ) : null}
                {photo.private ? (
                  <span className="badge text-bg-dark" data-testid="photo-private">
                    <FormattedMessage id="photos.private" defaultMessage="Private" />
                  </span>
                ) : null}
                {photo.status === 'pending' ? (
                  <span className="badge text-bg-secondary" data-testid="photo-pending">
                    <FormattedMessage id="photos.pending" defaultMessage="Being checked" />
                  </span>
                ) : null}
              </div>
              <div className="own-photo-actions">
                {photoForm(
                  photo,
                  PHOTO_PRIVATE_INTENT,
                  <Button
                    type="submit"
                    size="sm"
                    color="outline-primary"
                    disabled={busy !== null}
                    aria-pressed={photo.private === true}
                    aria-label={intl.formatMessage(
                      {
                        id: 'photos.privateNumbered',
                        defaultMessage: 'Private: photo {number} only for members you share your album with',
                      },
                      { number: i + 1 },
                    )}
                  >
                    {photo.private ? (
                      <FormattedMessage id="photos.makePublic" defaultMessage="Make public" />
                    ) : (
                      <FormattedMessage id="photos.makePrivate" defaultMessage="Make private" />
                    )}
                  </Button>,
                  <input type="hidden" name="private" value={photo.private ? '0' : '1'} />,
                )}
                {!photo.is_main && !photo.private
                  ? photoForm(
                      photo,
                      PHOTO_MAIN_INTENT,
                      <Button type="submit" size="sm" color="outline-primary" disabled={busy !== null}>
                        <FormattedMessage id="photos.makeMain" defaultMessage="Make main photo" />
                      </Button>,
                    )
                  : null}
                {photoForm(
                  photo,
                  PHOTO_DELETE_INTENT,
                  <Button
                    type="submit"
                    size="sm"
                    color="outline-danger"
                    disabled={busy !== null}
                    aria-label={intl.formatMessage(
                      { id: 'photos.deleteNumbered', defaultMessage: 'Delete photo {number}' },
                      { number: i + 1 },
                    )}
                  >
                    <FormattedMessage id="photos.delete" defaultMessage="Delete" />
                  </Button>,
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">
          <FormattedMessage id="photos.none" defaultMessage="You have no photos yet. Members with a photo get far more replies." />
        </p>
      )}
      {sharesPage ? (
        <p className="small mb-3">
          <Link to={sharesPage} className="d-inline-flex align-items-center gap-1" data-testid="album-shares-link">
            <LockIcon width={16} height={16} />
            <FormattedMessage id="albums.shares.title" defaultMessage="Who sees my private album" />
          </Link>
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color={notice.tone} fade={false} className="mb-3">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {photos.length < limit ? (
        <PhotoUpload postTo={postTo} />
      ) : (
        <p className="small text-body-secondary mb-0">
          <FormattedMessage id="photos.limitReached" defaultMessage="You have reached the maximum of {limit} photos." values={{ limit }} />
        </p>
      )}
    </section>
  );
}
