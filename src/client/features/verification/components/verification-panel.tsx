import { useId } from 'react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { photoUrl } from '../../../components/member-photo';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { VerifiedLabel } from '../../../components/verified-label';
import { useSettings } from '../../../lib/store/store';
import { VERIFICATION_SELFIE_KEEP_DAYS, type VerificationRefusalReason } from '../../../../shared/verification';
import type { Verification } from '../api/verification';
import { PoseDrawing, POSE_MESSAGES } from './poses';

/** The page the verification's forms post to (its route action: app/pages/verification-page.tsx). */
export const VERIFICATION_PAGE = '/verification';
/** The forms, told apart by `intent`: asking for a pose, and the selfie (multipart). */
export const START_FORM = 'start';
export const SELFIE_FORM = 'selfie';

const REASONS = defineMessages({
  pose_wrong: { id: 'verification.reason.pose_wrong', defaultMessage: 'The selfie does not show the pose we asked for.' },
  face_not_visible: { id: 'verification.reason.face_not_visible', defaultMessage: 'Your face is not clearly visible in the selfie.' },
  not_same_person: {
    id: 'verification.reason.not_same_person',
    defaultMessage: 'The selfie does not show the man in your profile photos.',
  },
  photo_of_photo: {
    id: 'verification.reason.photo_of_photo',
    defaultMessage: 'The selfie is a photo of a photo or of a screen, not one taken now.',
  },
}) satisfies Record<VerificationRefusalReason, unknown>;

/** A refusal of the backend for the form, in the member's language (its own message), else the generic one. */
function useRefusal(form: string): string | null {
  const intl = useIntl();
  const refused = useFormFailure(form);
  if (!refused) return null;
  return refused.error.status >= 500 || !refused.error.message
    ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
    : refused.error.message;
}

function StartForm({ again = false }: { again?: boolean }) {
  const busy = useSubmitting(VERIFICATION_PAGE, START_FORM);
  const refusal = useRefusal(START_FORM);
  return (
    <RouterForm action={VERIFICATION_PAGE} className="mt-3">
      <input type="hidden" name="intent" value={START_FORM} />
      {refusal ? (
        <Alert color="danger" fade={false} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="verification-start">
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        {again ? (
          <FormattedMessage id="verification.tryAgain" defaultMessage="Try again with a new pose" />
        ) : (
          <FormattedMessage id="verification.start" defaultMessage="Start verification" />
        )}
      </button>
    </RouterForm>
  );
}

/** The selfie's form: a file field that opens the front camera on phones (and the file picker elsewhere). */
function SelfieForm({ left }: { left: number }) {
  const inputId = useId();
  const hintId = useId();
  const refused = useFormFailure(SELFIE_FORM);
  const attempt = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const busy = useSubmitting(VERIFICATION_PAGE, SELFIE_FORM);
  const refusal = useRefusal(SELFIE_FORM);
  return (
    <RouterForm action={VERIFICATION_PAGE} encType="multipart/form-data" className="selfie-form" data-testid="selfie-form">
      <input type="hidden" name="intent" value={SELFIE_FORM} />
      <IdempotencyKeyField value={attempt.key} />
      <label htmlFor={inputId} className="form-label fw-semibold">
        <FormattedMessage id="verification.selfie.label" defaultMessage="Your selfie, taken now" />
      </label>
      <input
        id={inputId}
        type="file"
        name="photo"
        accept="image/*"
        capture="user"
        required
        className="form-control"
        aria-describedby={hintId}
      />
      <p id={hintId} className="form-text">
        <FormattedMessage
          id="verification.selfie.hint"
          defaultMessage="On a phone this opens the front camera. At most 10 MB. {count, plural, one {# selfie} other {# selfies}} left today."
          values={{ count: left }}
        />
      </p>
      {refusal ? (
        <Alert color="danger" fade={false} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        <FormattedMessage id="verification.selfie.send" defaultMessage="Send selfie" />
      </button>
    </RouterForm>
  );
}

function NoSelfieLeft({ next }: { next: string | null }) {
  return (
    <Alert color="warning" fade={false}>
      <FormattedMessage
        id="verification.noneLeft"
        defaultMessage="You have sent all your selfies for today. You can send the next one from {time}."
        values={{ time: next ? <FormattedDate value={next} dateStyle="medium" timeStyle="short" /> : '…' }}
      />
    </Alert>
  );
}

function OwnSelfie({ verification }: { verification: Verification }) {
  const intl = useIntl();
  const settings = useSettings();
  if (!verification.selfie) return null;
  return (
    <figure className="own-selfie">
      <img
        src={photoUrl(settings.cdn_prefix, verification.selfie, true)}
        alt={intl.formatMessage({ id: 'verification.selfie.alt', defaultMessage: 'Your selfie' })}
        width={120}
        height={120}
      />
      <figcaption className="form-text">
        <FormattedMessage id="verification.selfie.private" defaultMessage="Only you and the moderators see your selfie." />
        {verification.selfie_kept_until ? (
          <>
            {' '}
            <FormattedMessage
              id="verification.selfie.keptUntil"
              defaultMessage="It is deleted on {date}."
              values={{ date: <FormattedDate value={verification.selfie_kept_until} dateStyle="long" /> }}
            />
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * The member's verification, by the state of his latest request: how it works and the button to start; the pose drawn
 * with its instruction and the selfie's form; the selfie waiting for a moderator; the badge; a refusal's statement of
 * reasons with another try; and, when his main photo is no longer one a moderator matched, why the badge went.
 */
export function VerificationPanel({ verification }: { verification: Verification }) {
  const v = verification;
  const intro = (
    <p>
      <FormattedMessage
        id="verification.intro"
        defaultMessage="Show members that you are the man in your photos: take a selfie in the pose we show you, and a moderator compares it with your approved photos. Your selfie is never shown to other members and is deleted {days, plural, one {# day} other {# days}} after the decision. No face template or other biometric data is computed or kept: a person looks."
        values={{ days: VERIFICATION_SELFIE_KEEP_DAYS }}
      />
    </p>
  );

  if (v.status === 'pending')
    return (
      <div data-testid="verification-pending">
        <Alert color="info" fade={false}>
          <FormattedMessage
            id="verification.pending"
            defaultMessage="Your selfie was sent. A moderator will compare it with your photos soon; you will see the outcome here."
          />
        </Alert>
        <OwnSelfie verification={v} />
      </div>
    );

  if (v.status === 'posed' && v.pose)
    return (
      <div data-testid="verification-pose">
        <h2 className="h5">
          <FormattedMessage id="verification.pose.heading" defaultMessage="Your pose" />
        </h2>
        <div className="pose-card">
          <PoseDrawing pose={v.pose} />
          <p className="pose-text mb-0">
            <FormattedMessage {...POSE_MESSAGES[v.pose]} />
          </p>
        </div>
        <p className="form-text">
          <FormattedMessage
            id="verification.pose.how"
            defaultMessage="Take the selfie now, in good light, with your whole face in the picture. Photos of photos or screens are refused."
          />
        </p>
        {v.selfies_left > 0 ? <SelfieForm left={v.selfies_left} /> : <NoSelfieLeft next={v.next_selfie_at} />}
      </div>
    );

  if (v.verified)
    return (
      <Alert color="success" fade={false} data-testid="verification-approved">
        <VerifiedLabel className="me-2" />
        <FormattedMessage
          id="verification.approved"
          defaultMessage="Your profile is verified. Members see the badge on your card, your profile and in their chats with you."
        />
      </Alert>
    );

  if (v.status === 'refused' && v.reason)
    return (
      <div data-testid="verification-refused">
        <section className="statement-box" aria-labelledby="verification-refused-title">
          <h2 id="verification-refused-title" className="h5">
            <FormattedMessage id="verification.refused.title" defaultMessage="Your selfie was not approved" />
          </h2>
          <p>
            <FormattedMessage
              id="verification.refused.intro"
              defaultMessage="Statement of reasons: a moderator did not approve your selfie, so your profile shows no verified badge. Nothing else about your account changes. We also sent you this by e-mail."
            />
          </p>
          <p className="fw-semibold">
            <FormattedMessage {...REASONS[v.reason]} />
          </p>
          <p className="form-text mb-0">
            <FormattedMessage
              id="verification.refused.person"
              defaultMessage="A person took this decision; no automated means were used."
            />
            {v.decided_at ? (
              <>
                {' '}
                <FormattedDate value={v.decided_at} dateStyle="long" />
              </>
            ) : null}
          </p>
        </section>
        <OwnSelfie verification={v} />
        {v.selfies_left > 0 ? <StartForm again /> : <NoSelfieLeft next={v.next_selfie_at} />}
      </div>
    );

  return (
    <div data-testid="verification-start-panel">
      {v.lapsed ? (
        <Alert color="warning" fade={false} data-testid="verification-lapsed">
          <FormattedMessage
            id="verification.lapsed"
            defaultMessage="Your verified badge was removed because your main photo is one a moderator has not matched with your selfie. Make a matched photo your main photo again, or verify again."
          />
        </Alert>
      ) : null}
      {intro}
      <StartForm again={v.lapsed} />
    </div>
  );
}
