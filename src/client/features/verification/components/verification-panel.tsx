import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { defineMessages, FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { Link } from '../../../components/link';
import { photoUrl } from '../../../components/member-photo';
import {
  IdempotencyKeyField,
  IDEMPOTENCY_FIELD,
  useFormFailure,
  useHydrated,
  useIdempotencyKey,
} from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { VerifiedLabel } from '../../../components/verified-label';
import { useSettings } from '../../../lib/store/store';
import { PHOTO_MAX_BYTES } from '../../../../shared/photo-files';
import { VERIFICATION_SELFIE_KEEP_DAYS, type VerificationPose, type VerificationRefusalReason } from '../../../../shared/verification';
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

/** What happens once the selfie is sent: only what the site promises (a person compares; the outcome shows here). */
function WhatHappensNext() {
  const id = useId();
  return (
    <section className="selfie-next" aria-labelledby={id}>
      <h3 id={id} className="h6 mb-1">
        <FormattedMessage id="verification.next.title" defaultMessage="What happens next" />
      </h3>
      <ol className="mb-0">
        <li>
          <FormattedMessage
            id="verification.next.compare"
            defaultMessage="A moderator compares your selfie with the approved photos on your profile: a person looks, no machine."
          />
        </li>
        <li>
          <FormattedMessage
            id="verification.next.outcome"
            defaultMessage="You see the outcome on this page. If your selfie is not approved, we also e-mail you why, and you can try again."
          />
        </li>
        <li>
          <FormattedMessage
            id="verification.next.private"
            defaultMessage="Only you and the moderators see your selfie. It is deleted {days, plural, one {# day} other {# days}} after the decision."
            values={{ days: VERIFICATION_SELFIE_KEEP_DAYS }}
          />
        </li>
      </ol>
    </section>
  );
}

/** A picture the member chose: its preview address, or none when the browser cannot show it (the backend checks it). */
interface Chosen {
  url: string | null;
  name: string;
}

/**
 * The selfie's form, a multipart post to the page, in two faces. Without JavaScript (and until the page has hydrated):
 * a labelled file field that opens the front camera on phones (`capture="user"`, the file picker elsewhere) and "Send
 * selfie". With JavaScript the same field is driven by buttons: "Take your selfie" opens the camera; the chosen
 * picture is shown beside the pose asked for, with "Use this photo" (the form's submit) and "Take another". A picture
 * chosen before the page hydrated is taken over. A file over the size limit is refused here (the backend checks every
 * file again, by its content).
 */
function SelfieForm({ left, pose }: { left: number; pose: VerificationPose }) {
  const intl = useIntl();
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const enhanced = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const use = useRef<HTMLButtonElement>(null);
  const refused = useFormFailure(SELFIE_FORM);
  const attempt = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const busy = useSubmitting(VERIFICATION_PAGE, SELFIE_FORM);
  const refusal = useRefusal(SELFIE_FORM);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) {
      // The picker was closed without a picture, and the field is empty again: nothing is chosen.
      setChosen(null);
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      if (input.current) input.current.value = '';
      setChosen(null);
      setProblem(intl.formatMessage({ id: 'photos.tooLarge', defaultMessage: 'This photo is larger than 10 MB.' }));
      return;
    }
    setProblem(null);
    setChosen({ url: URL.createObjectURL(file), name: file.name });
  };

  // A picture chosen in the plain field before the page hydrated is the chosen one.
  useEffect(() => {
    if (enhanced) choose(input.current?.files?.[0] ?? undefined);
    // Once, when the page has hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enhanced]);

  // Each preview's address is released when another picture is chosen or the form goes; the choice moves the focus to
  // "Use this photo".
  useEffect(() => {
    if (!chosen) return undefined;
    use.current?.focus();
    return () => {
      if (chosen.url) URL.revokeObjectURL(chosen.url);
    };
  }, [chosen]);

  const takeLabel = intl.formatMessage({ id: 'verification.selfie.take', defaultMessage: 'Take your selfie' });
  const field = (
    <input
      ref={input}
      id={inputId}
      type="file"
      name="photo"
      accept="image/*"
      capture="user"
      required={!enhanced}
      hidden={enhanced}
      className="form-control"
      aria-describedby={hintId}
      onChange={(e: ChangeEvent<HTMLInputElement>) => choose(e.target.files?.[0])}
    />
  );
  const hint = (
    <p id={hintId} className="form-text">
      <FormattedMessage
        id="verification.selfie.hint"
        defaultMessage="On a phone this opens the front camera. At most 10 MB. {count, plural, one {# selfie} other {# selfies}} left today."
        values={{ count: left }}
      />
    </p>
  );
  const error = problem ?? refusal;

  return (
    <RouterForm action={VERIFICATION_PAGE} encType="multipart/form-data" className="selfie-form" data-testid="selfie-form">
      <input type="hidden" name="intent" value={SELFIE_FORM} />
      <IdempotencyKeyField value={attempt.key} />
      {enhanced ? (
        <h3 className="h6 mb-0">
          <FormattedMessage id="verification.selfie.label" defaultMessage="Your selfie, taken now" />
        </h3>
      ) : (
        <label htmlFor={inputId} className="form-label fw-semibold mb-0">
          <FormattedMessage id="verification.selfie.label" defaultMessage="Your selfie, taken now" />
        </label>
      )}
      {field}
      {enhanced && chosen ? (
        <div className="selfie-compare" data-testid="selfie-preview">
          <figure>
            <PoseDrawing pose={pose} decorative />
            <figcaption>
              <FormattedMessage id="verification.selfie.poseAsked" defaultMessage="The pose asked for" />
            </figcaption>
          </figure>
          <figure>
            {chosen.url ? (
              <img
                src={chosen.url}
                alt={intl.formatMessage({ id: 'verification.selfie.previewAlt', defaultMessage: 'The selfie you chose' })}
                width={160}
                height={213}
                onError={() => setChosen((c) => (c ? { ...c, url: null } : c))}
              />
            ) : (
              <div className="selfie-unshown">{chosen.name}</div>
            )}
            <figcaption>
              <FormattedMessage id="verification.selfie.yours" defaultMessage="Your selfie" />
            </figcaption>
          </figure>
        </div>
      ) : null}
      <div id={statusId} role="status" aria-live="polite" className="visually-hidden">
        {enhanced && chosen
          ? intl.formatMessage({
              id: 'verification.selfie.chosen',
              defaultMessage: 'Your selfie is shown beside the pose. Use it if it shows the pose and your face, or take another.',
            })
          : ''}
      </div>
      {hint}
      {error ? (
        <Alert color="danger" fade={false} role="alert" className="mb-0">
          {error}
        </Alert>
      ) : null}
      {!enhanced ? (
        <button type="submit" className="btn btn-primary">
          <FormattedMessage id="verification.selfie.send" defaultMessage="Send selfie" />
        </button>
      ) : chosen ? (
        <div className="d-flex flex-wrap gap-2">
          <button ref={use} type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="verification.selfie.use" defaultMessage="Use this photo" />
          </button>
          <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => input.current?.click()}>
            <FormattedMessage id="verification.selfie.another" defaultMessage="Take another" />
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-primary btn-lg selfie-take" onClick={() => input.current?.click()}>
          <CameraIcon />
          {takeLabel}
        </button>
      )}
      <WhatHappensNext />
    </RouterForm>
  );
}

/** A camera drawn inline (decorative: the button says what it does). */
function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" className="me-2" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

/**
 * Before any "Start": a selfie is compared with the member's approved photos, so without one he is told what he needs
 * and given the way to it — his photos that wait for a moderator, when he has some, else the way to add one. The
 * backend refuses to start without one too (422 verification_no_photo).
 */
function NeedsPhoto({ waiting }: { waiting: Verification['waiting_photos'] }) {
  const intl = useIntl();
  const settings = useSettings();
  const id = useId();
  return (
    <section className="needs-photo" aria-labelledby={id} data-testid="verification-needs-photo">
      <h2 id={id} className="h5">
        {waiting.length > 0 ? (
          <FormattedMessage
            id="verification.needsPhoto.waitingTitle"
            defaultMessage="{count, plural, one {Your photo is waiting for a moderator} other {Your photos are waiting for a moderator}}"
            values={{ count: waiting.length }}
          />
        ) : (
          <FormattedMessage id="verification.needsPhoto.title" defaultMessage="First add a photo of yourself" />
        )}
      </h2>
      <p>
        {waiting.length > 0 ? (
          <FormattedMessage
            id="verification.needsPhoto.waiting"
            defaultMessage="A moderator compares your selfie with your approved photos. As soon as a moderator has approved {count, plural, one {this photo} other {one of these photos}}, you can start here."
            values={{ count: waiting.length }}
          />
        ) : (
          <FormattedMessage
            id="verification.needsPhoto.none"
            defaultMessage="A moderator compares your selfie with your approved photos, so you need at least one photo that shows your face. Add it to your profile; once a moderator has approved it, you can start here."
          />
        )}
      </p>
      {waiting.length > 0 ? (
        <ul className="verification-waiting" data-testid="verification-waiting-photos">
          {waiting.map((photo, i) => (
            <li key={photo.id}>
              <img
                src={photoUrl(settings.cdn_prefix, photo, true)}
                alt={intl.formatMessage(
                  { id: 'verification.needsPhoto.photoAlt', defaultMessage: 'Your photo {number}, waiting for a moderator' },
                  { number: i + 1 },
                )}
                width={80}
                height={80}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/profile" className={waiting.length > 0 ? 'btn btn-outline-primary' : 'btn btn-primary'}>
        {waiting.length > 0 ? (
          <FormattedMessage id="verification.needsPhoto.seePhotos" defaultMessage="Go to my photos" />
        ) : (
          <FormattedMessage id="photos.add" defaultMessage="Add a photo" />
        )}
      </Link>
    </section>
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
 * reasons with another try; and, when his main photo is no longer one a moderator matched, why the badge went. Without
 * an approved photo there is nothing to compare a selfie with: instead of a start or a selfie's form he sees what he
 * needs (NeedsPhoto).
 */
export function VerificationPanel({ verification }: { verification: Verification }) {
  const v = verification;
  const needsPhoto = v.approved_photos === 0;
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
        {needsPhoto ? (
          <NeedsPhoto waiting={v.waiting_photos} />
        ) : v.selfies_left > 0 ? (
          <SelfieForm left={v.selfies_left} pose={v.pose} />
        ) : (
          <NoSelfieLeft next={v.next_selfie_at} />
        )}
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
        {needsPhoto ? (
          <NeedsPhoto waiting={v.waiting_photos} />
        ) : v.selfies_left > 0 ? (
          <StartForm again />
        ) : (
          <NoSelfieLeft next={v.next_selfie_at} />
        )}
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
      {needsPhoto ? <NeedsPhoto waiting={v.waiting_photos} /> : <StartForm again={v.lapsed} />}
    </div>
  );
}
