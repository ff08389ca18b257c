import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { MemberPhoto } from '../../../components/member-photo';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { deletePhoto } from '../api/delete-photo';
import { setMainPhoto } from '../api/set-main-photo';
import type { MyPhotos, OwnImage } from '../api/upload-photo';
import { PhotoUpload } from './photo-upload';

/** The member's own photos: upload (up to the limit), choose the main one, delete ('Foto verwijderd.'). */
export function PhotoManager({
  photos,
  limit,
  cdnPrefix,
  name,
  onChange,
}: {
  photos: OwnImage[];
  limit: number;
  cdnPrefix: string;
  name: string;
  onChange: (photos: MyPhotos) => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (id: number, call: () => Promise<MyPhotos>, success: string | null) => {
    setBusy(id);
    setNotice(null);
    try {
      onChange(await call());
      if (success) setNotice({ tone: 'success', text: success });
    } catch (err) {
      setNotice({
        tone: 'danger',
        text:
          isApiRequestError(err) && err.status < 500
            ? err.message
            : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      });
    } finally {
      setBusy(null);
    }
  };

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
                {photo.status === 'pending' ? (
                  <span className="badge text-bg-secondary" data-testid="photo-pending">
                    <FormattedMessage id="photos.pending" defaultMessage="Being checked" />
                  </span>
                ) : null}
              </div>
              <div className="own-photo-actions">
                {!photo.is_main ? (
                  <Button
                    size="sm"
                    color="outline-primary"
                    disabled={busy !== null}
                    onClick={() => void run(photo.id, () => setMainPhoto(api, photo.id), null)}
                  >
                    <FormattedMessage id="photos.makeMain" defaultMessage="Make main photo" />
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  color="outline-danger"
                  disabled={busy !== null}
                  aria-label={intl.formatMessage(
                    { id: 'photos.deleteNumbered', defaultMessage: 'Delete photo {number}' },
                    { number: i + 1 },
                  )}
                  onClick={() =>
                    void run(
                      photo.id,
                      () => deletePhoto(api, photo.id),
                      intl.formatMessage({ id: 'photos.deleted', defaultMessage: 'Photo deleted.' }),
                    )
                  }
                >
                  <FormattedMessage id="photos.delete" defaultMessage="Delete" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">
          <FormattedMessage id="photos.none" defaultMessage="You have no photos yet. Members with a photo get far more replies." />
        </p>
      )}
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color={notice.tone} fade={false} className="mb-3">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {photos.length < limit ? (
        <PhotoUpload onUploaded={onChange} postTo="/profile" />
      ) : (
        <p className="small text-body-secondary mb-0">
          <FormattedMessage id="photos.limitReached" defaultMessage="You have reached the maximum of {limit} photos." values={{ limit }} />
        </p>
      )}
    </section>
  );
}
