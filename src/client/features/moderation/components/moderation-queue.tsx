import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { photoUrl } from '../../../components/member-photo';
import { useApi } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { useSettings } from '../../../lib/store/store';
import { decidePhoto, type Decision } from '../api/decide-photo';
import { usePendingPhotos, type ModerationQueue, type PendingPhoto } from '../api/list-pending-photos';

type Notice = { tone: 'success' | 'warning' | 'danger'; text: string };

const without = (queue: ModerationQueue | undefined, id: number): ModerationQueue | undefined =>
  queue && { ...queue, photos: queue.photos.filter((p) => p.id !== id) };

/** 404/409: someone else decided about the photo first; it is gone from the queue either way. */
const alreadyDecided = (error: unknown): boolean => error instanceof ApiRequestError && (error.status === 404 || error.status === 409);

/**
 * The pending photos of the site, oldest first, each with Approve and Reject. A decided photo leaves the grid at once
 * (optimistic); when the call fails it comes back with a message, unless another moderator already decided about it.
 */
export function ModerationQueueGrid() {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const { data, error, mutate } = usePendingPhotos(true);
  const [notice, setNotice] = useState<Notice | null>(null);

  const decide = async (photo: PendingPhoto, decision: Decision) => {
    const name = photo.member.name;
    setNotice(null);
    try {
      await mutate(
        async (current) => {
          await decidePhoto(api, photo.id, decision);
          return without(current, photo.id);
        },
        {
          optimisticData: (current) => without(current, photo.id) as ModerationQueue,
          rollbackOnError: (err) => !alreadyDecided(err),
          populateCache: true,
          revalidate: true,
        },
      );
      setNotice({
        tone: 'success',
        text:
          decision === 'approve'
            ? intl.formatMessage({ id: 'moderation.approved', defaultMessage: 'The photo of {name} is approved.' }, { name })
            : intl.formatMessage({ id: 'moderation.rejected', defaultMessage: 'The photo of {name} is rejected and deleted.' }, { name }),
      });
    } catch (err) {
      if (alreadyDecided(err)) {
        void mutate();
        setNotice({
          tone: 'warning',
          text: intl.formatMessage(
            { id: 'moderation.alreadyDecided', defaultMessage: 'Another moderator has already decided about the photo of {name}.' },
            { name },
          ),
        });
      } else {
        setNotice({
          tone: 'danger',
          text: intl.formatMessage(
            { id: 'moderation.failed', defaultMessage: 'The decision about the photo of {name} could not be saved. Please try again.' },
            { name },
          ),
        });
      }
    }
  };

  if (error && !data) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return <Loading />;

  return (
    <>
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert color={notice.tone} fade={false} className="mb-3">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {data.photos.length === 0 ? (
        <p className="surface text-center text-body-secondary mb-0">
          <FormattedMessage id="moderation.empty" defaultMessage="No photos are waiting for moderation." />
        </p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 mb-0 moderation-grid">
          {data.photos.map((photo) => {
            const name = photo.member.name;
            return (
              <li key={photo.id} className="col">
                <article className="surface h-100 d-flex flex-column gap-2 p-2">
                  <img
                    className="moderation-photo rounded"
                    src={photoUrl(settings.cdn_prefix, photo.image)}
                    alt={intl.formatMessage({ id: 'moderation.photoAlt', defaultMessage: 'Photo of {name} awaiting moderation' }, { name })}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="small">
                    <Link to={`/members/${photo.member.id}`} className="fw-bold">
                      {name}
                    </Link>
                    <div className="text-body-secondary">
                      <FormattedMessage
                        id="moderation.uploaded"
                        defaultMessage="Uploaded {date}"
                        values={{ date: <FormattedDate value={photo.uploaded_at} dateStyle="medium" timeStyle="short" /> }}
                      />
                    </div>
                  </div>
                  <div className="d-flex gap-2 mt-auto">
                    <Button
                      color="success"
                      className="flex-fill"
                      aria-label={intl.formatMessage(
                        { id: 'moderation.approveLabel', defaultMessage: 'Approve the photo of {name}' },
                        { name },
                      )}
                      onClick={() => void decide(photo, 'approve')}
                    >
                      <FormattedMessage id="moderation.approve" defaultMessage="Approve" />
                    </Button>
                    <Button
                      color="outline-danger"
                      className="flex-fill"
                      aria-label={intl.formatMessage(
                        { id: 'moderation.rejectLabel', defaultMessage: 'Reject the photo of {name}' },
                        { name },
                      )}
                      onClick={() => void decide(photo, 'reject')}
                    >
                      <FormattedMessage id="moderation.reject" defaultMessage="Reject" />
                    </Button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
