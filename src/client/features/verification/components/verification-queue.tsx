import { useId } from 'react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from 'reactstrap';
import { photoUrl } from '../../../components/member-photo';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { useSettings } from '../../../lib/store/store';
import { VERIFICATION_REFUSAL_REASONS, type VerificationRefusalReason } from '../../../../shared/verification';
import { useVerificationQueue, type VerificationQueueItem } from '../api/verification';
import { PoseDrawing, POSE_MESSAGES } from './poses';

/** The decision form (its route action: app/pages/verification-queue-page.tsx) and the page it posts to. */
export const VERIFICATION_DECISION_FORM = 'verification-decision';
export const VERIFICATION_QUEUE_PAGE = '/moderation/verifications';
/** The code of a refusal sent without its reason (the form comes back without a call). */
export const REASON_REQUIRED = 'reason_required';

const REASON_LABELS = defineMessages({
  pose_wrong: { id: 'verification.queue.reason.pose_wrong', defaultMessage: 'Pose wrong' },
  face_not_visible: { id: 'verification.queue.reason.face_not_visible', defaultMessage: 'Face not visible' },
  not_same_person: { id: 'verification.queue.reason.not_same_person', defaultMessage: 'Not the person in the photos' },
  photo_of_photo: { id: 'verification.queue.reason.photo_of_photo', defaultMessage: 'Photo of a photo' },
}) satisfies Record<VerificationRefusalReason, unknown>;

/** What the page says after a decision (the answer's query) or a refusal of the backend (in the moderator's language). */
function Notice() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const refused = useFormFailure(VERIFICATION_DECISION_FORM);
  if (refused?.error.code === REASON_REQUIRED)
    return (
      <Alert color="danger" fade={false} role="alert">
        <FormattedMessage id="verification.queue.reasonRequired" defaultMessage="Choose the reason for the refusal." />
      </Alert>
    );
  if (refused)
    return (
      <Alert color="danger" fade={false} role="alert">
        {refused.error.message ||
          intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}
      </Alert>
    );
  const approved = search.get('approved');
  const refusedName = search.get('refused');
  if (approved !== null)
    return (
      <Alert color="success" fade={false} role="status">
        <FormattedMessage id="verification.queue.approved" defaultMessage="Approved: {name} is verified." values={{ name: approved }} />
      </Alert>
    );
  if (refusedName !== null)
    return (
      <Alert color="success" fade={false} role="status">
        <FormattedMessage
          id="verification.queue.refused"
          defaultMessage="Refused: {name} has been sent the statement of reasons."
          values={{ name: refusedName }}
        />
      </Alert>
    );
  if (search.get('conflict') !== null)
    return (
      <Alert color="warning" fade={false} role="status">
        <FormattedMessage id="verification.queue.decidedBefore" defaultMessage="Another moderator decided about this selfie first." />
      </Alert>
    );
  return null;
}

function QueueItem({ item }: { item: VerificationQueueItem }) {
  const intl = useIntl();
  const settings = useSettings();
  const reasonId = useId();
  const titleId = useId();
  const pending = usePendingForm(VERIFICATION_QUEUE_PAGE);
  const busy = pending?.get('request') === String(item.id);
  const refused = useFormFailure(VERIFICATION_DECISION_FORM);
  const keptReason = refused?.fields.request === String(item.id) ? refused.fields.reason : undefined;
  return (
    <article className="verification-item surface" aria-labelledby={titleId} data-testid="verification-item">
      <h2 id={titleId} className="h5">
        {item.member.name}{' '}
        <small className="text-body-secondary fw-normal">
          <FormattedDate value={item.submitted_at} dateStyle="medium" timeStyle="short" />
        </small>
      </h2>
      <div className="verification-compare">
        <figure className="verification-pose">
          <PoseDrawing pose={item.pose} />
          <figcaption>
            <strong>
              <FormattedMessage id="verification.queue.pose" defaultMessage="Pose asked for" />
            </strong>
            : <FormattedMessage {...POSE_MESSAGES[item.pose]} />
          </figcaption>
        </figure>
        <figure className="verification-selfie">
          <img
            src={photoUrl(settings.cdn_prefix, item.selfie)}
            alt={intl.formatMessage({ id: 'verification.queue.selfieAlt', defaultMessage: 'Selfie of {name}' }, { name: item.member.name })}
          />
          <figcaption>
            <FormattedMessage id="verification.queue.selfie" defaultMessage="Selfie" />
          </figcaption>
        </figure>
        <figure className="verification-photos">
          <div className="verification-photo-row">
            {item.photos.map((photo, i) => (
              <img
                key={photo.id}
                src={photoUrl(settings.cdn_prefix, photo, true)}
                alt={intl.formatMessage(
                  { id: 'verification.queue.photoAlt', defaultMessage: 'Approved photo {n} of {name}' },
                  { n: i + 1, name: item.member.name },
                )}
              />
            ))}
          </div>
          <figcaption>
            <FormattedMessage
              id="verification.queue.photosShown"
              defaultMessage="His approved photos when he sent the selfie: only these are verified"
            />
          </figcaption>
        </figure>
      </div>
      {item.conflict_of_interest ? (
        <p className="alert alert-secondary mb-0">
          <FormattedMessage
            id="verification.queue.conflict"
            defaultMessage="Not yours to decide: you blocked this member, were blocked by him or have a conversation with him. Another moderator decides."
          />
        </p>
      ) : (
        <RouterForm action={VERIFICATION_QUEUE_PAGE} className="verification-decision">
          <input type="hidden" name="request" value={item.id} />
          <input type="hidden" name="name" value={item.member.name} />
          <div className="verification-reason">
            <label htmlFor={reasonId} className="form-label">
              <FormattedMessage id="verification.queue.reason" defaultMessage="Reason, when you refuse" />
            </label>
            <select id={reasonId} name="reason" className="form-select" defaultValue={keptReason ?? ''}>
              <option value="">{intl.formatMessage({ id: 'verification.queue.reasonNone', defaultMessage: 'Choose a reason' })}</option>
              {VERIFICATION_REFUSAL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {intl.formatMessage(REASON_LABELS[reason])}
                </option>
              ))}
            </select>
          </div>
          <div className="d-flex gap-2 flex-wrap">
            <button type="submit" name="decision" value="approve" className="btn btn-success" disabled={busy}>
              <FormattedMessage id="verification.queue.approve" defaultMessage="Approve" />
            </button>
            <button type="submit" name="decision" value="refuse" className="btn btn-outline-danger" disabled={busy}>
              <FormattedMessage id="verification.queue.refuse" defaultMessage="Refuse" />
            </button>
          </div>
        </RouterForm>
      )}
    </article>
  );
}

/**
 * The console's verification queue: each pending selfie beside the pose asked for and the photos the request shows — his
 * approved photos when he sent it, the only ones an approval marks as matched.
 */
export function VerificationQueueView() {
  const { data, error } = useVerificationQueue();
  return (
    <>
      <Notice />
      {error ? (
        <Alert color="danger" fade={false}>
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        </Alert>
      ) : data && data.requests.length === 0 ? (
        <p className="text-body-secondary" data-testid="verification-queue-empty">
          <FormattedMessage id="verification.queue.empty" defaultMessage="No selfies are waiting." />
        </p>
      ) : (
        <div className="d-grid gap-3">
          {data?.requests.map((item) => (
            <QueueItem key={item.id} item={item} />
          ))}
        </div>
      )}
    </>
  );
}
