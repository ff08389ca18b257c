import { useState, type SubmitEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { photoUrl } from '../../../components/member-photo';
import { useFormFailure } from '../../../components/progressive-form';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { ApiRequestError } from '../../../lib/api-error';
import { useSettings } from '../../../lib/store/store';
import type { Decision } from '../api/decide-photo';
import { usePendingPhotos, type ModerationQueue, type PendingPhoto } from '../api/list-pending-photos';

/** The photo decision form (its route action: app/pages/moderation-page.tsx), by `intent` approve or reject. */
export const PHOTO_DECISION_FORM = 'photo-decision';
/** The page the decisions post to, and the query of its answer to the browser's own post (the member's name). */
export const PHOTO_QUEUE_PAGE = '/moderation';
export const DECIDED_BEFORE = 'decided_before';

type Notice = { tone: 'success' | 'warning' | 'danger'; text: string };

const without = (queue: ModerationQueue | undefined, id: number): ModerationQueue | undefined =>
  queue && { ...queue, photos: queue.photos.filter((p) => p.id !== id) };

/** 404/409: someone else decided about the photo first; it is gone from the queue either way. */
const alreadyDecided = (error: unknown): boolean => error instanceof ApiRequestError && (error.status === 404 || error.status === 409);

const decidedText = (intl: IntlShape, decision: Decision, name: string) =>
  decision === 'approve'
    ? intl.formatMessage({ id: 'moderation.approved', defaultMessage: 'The photo of {name} is approved.' }, { name })
    : intl.formatMessage({ id: 'moderation.rejected', defaultMessage: 'The photo of {name} is rejected and deleted.' }, { name });
const decidedBeforeText = (intl: IntlShape, name: string) =>
  intl.formatMessage(
    { id: 'moderation.alreadyDecided', defaultMessage: 'Another moderator has already decided about the photo of {name}.' },
    { name },
  );
const failedText = (intl: IntlShape, name: string) =>
  intl.formatMessage(
    { id: 'moderation.failed', defaultMessage: 'The decision about the photo of {name} could not be saved. Please try again.' },
    { name },
  );

/**
 * What the page says after the browser's own post of a decision (without JavaScript): the answer's query names the
 * decision and the member; a refusal comes back as the form's failure.
 */
function useAnsweredNotice(): Notice | null {
  const intl = useIntl();
  const [search] = useSearchParams();
  const refused = useFormFailure(PHOTO_DECISION_FORM);
  if (refused) return { tone: 'danger', text: failedText(intl, refused.fields.name ?? '') };
  for (const decision of ['approve', 'reject'] as const) {
    const name = search.get(decision);
    if (name !== null) return { tone: 'success', text: decidedText(intl, decision, name) };
  }
  const before = search.get(DECIDED_BEFORE);
  return before !== null ? { tone: 'warning', text: decidedBeforeText(intl, before) } : null;
}

/**
 * The pending photos of the site, oldest first, each with Approve and Reject: a form per photo posted to the page's
 * route action (through a fetcher of its own with JavaScript, by the browser without it). A decided photo leaves the
 * grid at once; when the call fails it comes back with a message, unless another moderator already decided about it.
 */
export function ModerationQueueGrid() {
  const { data, error, mutate } = usePendingPhotos(true);
  const answered = useAnsweredNotice();
  const [notice, setNotice] = useState<Notice | null>(null);
  const shown = notice ?? answered;

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
        {shown ? (
          <Alert color={shown.tone} fade={false} className="mb-3">
            {shown.text}
          </Alert>
        ) : null}
      </div>
      {data.photos.length === 0 ? (
        <p className="surface text-center text-body-secondary mb-0">
          <FormattedMessage id="moderation.empty" defaultMessage="No photos are waiting for moderation." />
        </p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 mb-0 moderation-grid">
          {data.photos.map((photo) => (
            <PhotoCard key={photo.id} photo={photo} mutate={mutate} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </>
  );
}

/** One pending photo with its decision form (a fetcher of its own, so decisions about several photos run side by side). */
function PhotoCard({
  photo,
  mutate,
  onNotice,
}: {
  photo: PendingPhoto;
  mutate: ReturnType<typeof usePendingPhotos>['mutate'];
  onNotice: (notice: Notice | null) => void;
}) {
  const intl = useIntl();
  const settings = useSettings();
  const fetcher = useRouterFetcher();
  const name = photo.member.name;

  // Hidden at once while its decision is sent (it stays mounted, so its fetcher runs to the end); back on a failure.
  const [deciding, setDeciding] = useState(false);

  const decide = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as globalThis.SubmitEvent).submitter;
    const decision: Decision = submitter instanceof HTMLButtonElement && submitter.value === 'reject' ? 'reject' : 'approve';
    const form = new FormData(event.currentTarget);
    form.set('intent', decision);
    setDeciding(true);
    onNotice(null);
    const leaveQueue = () => mutate((current) => without(current, photo.id), { revalidate: true });
    try {
      await fetcher.submit(PHOTO_QUEUE_PAGE, form);
      await leaveQueue();
      onNotice({ tone: 'success', text: decidedText(intl, decision, name) });
    } catch (err) {
      if (alreadyDecided(err)) {
        await leaveQueue();
        onNotice({ tone: 'warning', text: decidedBeforeText(intl, name) });
      } else {
        setDeciding(false);
        onNotice({ tone: 'danger', text: failedText(intl, name) });
      }
    }
  };

  return (
    <li className="col" hidden={deciding}>
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
        <form method="post" action={PHOTO_QUEUE_PAGE} className="d-flex gap-2 mt-auto" onSubmit={(event) => void decide(event)}>
          <input type="hidden" name="photo_id" value={photo.id} />
          <input type="hidden" name="name" value={name} />
          <Button
            type="submit"
            name="intent"
            value="approve"
            color="success"
            className="flex-fill"
            disabled={fetcher.state !== 'idle'}
            aria-label={intl.formatMessage({ id: 'moderation.approveLabel', defaultMessage: 'Approve the photo of {name}' }, { name })}
          >
            <FormattedMessage id="moderation.approve" defaultMessage="Approve" />
          </Button>
          <Button
            type="submit"
            name="intent"
            value="reject"
            color="outline-danger"
            className="flex-fill"
            disabled={fetcher.state !== 'idle'}
            aria-label={intl.formatMessage({ id: 'moderation.rejectLabel', defaultMessage: 'Reject the photo of {name}' }, { name })}
          >
            <FormattedMessage id="moderation.reject" defaultMessage="Reject" />
          </Button>
        </form>
      </article>
    </li>
  );
}
