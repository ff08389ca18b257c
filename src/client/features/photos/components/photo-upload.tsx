import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { checkPhotoFile, PHOTO_TYPES } from '../../../../shared/photo-files';

/** The photo upload's form (its route action: the own profile page's), told apart from the profile form by `intent`. */
export const PHOTO_UPLOAD_FORM = 'photo-upload';
/** The field that names the photo upload among the forms posted to the same page. */
export const PHOTO_INTENT = { name: 'intent', value: 'photo' } as const;
/** The query of the page a photo posted without JavaScript returns to. */
export const PHOTO_UPLOADED = { name: 'uploaded', value: '1' } as const;

export interface PhotoUploadProps {
  /**
   * Instead of uploading, hand the checked file over (signup step 1: the account that would own it does not exist
   * yet; the wizard uploads it right after signup).
   */
  onPicked?: (file: File) => void;
  /** Disable the picker, e.g. when the photo limit is reached. */
  disabled?: boolean;
  /** Text of the button; defaults to "Add a photo". */
  label?: string;
  className?: string;
  /**
   * The page whose route action stores a photo posted as a form (the own profile): the picker is a multipart form
   * posted there — through the router as soon as a photo is chosen, or by the browser without JavaScript (with a submit
   * button that only a browser without JavaScript shows). Without it (signup, whose form holds the picker) there is no
   * form.
   */
  postTo?: string;
}

/**
 * A labelled file picker for one photo at a time. On the own profile it is the upload form of the page's route action
 * (POST /photos.php with the attempt's Idempotency-Key), which answers the page again with the new photo, or the
 * server's refusal (photo_invalid, photo_limit_reached, payload_too_large) in the member's language. In signup step 1
 * (`onPicked`) it only hands the checked file over.
 */
export function PhotoUpload({ onPicked, disabled = false, label, className, postTo }: PhotoUploadProps) {
  const intl = useIntl();
  const inputId = useId();
  const refused = useFormFailure(PHOTO_UPLOAD_FORM);
  const attempt = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [search] = useSearchParams();
  const busy = useSubmitting(postTo ?? '', PHOTO_INTENT.value);
  // A file refused in the browser (its type or size), before anything is sent.
  const [picked, setPicked] = useState<{ problem: string | null } | null>(null);
  // The backend's message in the member's language; for a failure that is no refusal of the photo, the generic one.
  const refusal =
    refused && (refused.error.status >= 500 || !refused.error.message)
      ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
      : (refused?.error.message ?? null);
  // What the page says now: the last choice's own problem, else the answer to the last post (none while one is sent).
  const error = busy ? null : picked ? picked.problem : refusal;
  const uploaded = !busy && !picked && !refused && postTo !== undefined && search.get(PHOTO_UPLOADED.name) === PHOTO_UPLOADED.value;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    // Checked before the upload (the server's limits): nothing is sent for a file that cannot be a photo.
    const problem = checkPhotoFile(file);
    if (problem !== null) {
      input.value = '';
      setPicked({
        problem:
          problem === 'too_large'
            ? intl.formatMessage({ id: 'photos.tooLarge', defaultMessage: 'This photo is larger than 10 MB.' })
            : intl.formatMessage({ id: 'photos.wrongType', defaultMessage: 'Choose a JPEG, PNG, WebP, GIF or AVIF photo.' }),
      });
      return;
    }
    setPicked(null);
    if (onPicked) {
      input.value = '';
      onPicked(file);
      return;
    }
    // The form takes the file (and this attempt's key) as it is sent; the picker is emptied, and the next photo chosen is
    // a new attempt with a key of its own.
    input.form?.requestSubmit();
    input.value = '';
    attempt.renew();
  };

  const picker = (
    <>
      <label htmlFor={inputId} className={`btn btn-primary${disabled || busy ? ' disabled' : ''}`} aria-disabled={disabled || busy}>
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        {label ?? <FormattedMessage id="photos.add" defaultMessage="Add a photo" />}
      </label>
      <input
        id={inputId}
        type="file"
        name="photo"
        accept={PHOTO_TYPES.join(',')}
        className="visually-hidden"
        disabled={disabled || busy}
        onChange={onChange}
      />
      {postTo ? (
        // Only without JavaScript (nothing moves when the page hydrates): the chosen file goes with this button.
        <noscript>
          <button type="submit" className="btn btn-outline-dark ms-2" disabled={disabled}>
            <FormattedMessage id="photos.upload" defaultMessage="Upload photo" />
          </button>
        </noscript>
      ) : null}
    </>
  );
  let notice: ReactNode = null;
  if (error)
    notice = (
      <Alert color="danger" fade={false} className="mt-2 mb-0">
        {error}
      </Alert>
    );
  else if (uploaded)
    notice = (
      <Alert color="success" fade={false} className="mt-2 mb-0">
        <FormattedMessage id="photos.uploaded" defaultMessage="Your photo has been uploaded. It is checked before others see it." />
      </Alert>
    );

  return (
    <div className={className}>
      {postTo ? (
        // Without JavaScript the chosen file is posted with the submit button; with it, choosing uploads at once.
        <RouterForm action={postTo} replace preventScrollReset encType="multipart/form-data">
          <input type="hidden" name={PHOTO_INTENT.name} value={PHOTO_INTENT.value} />
          <IdempotencyKeyField value={attempt.key} />
          {picker}
        </RouterForm>
      ) : (
        picker
      )}
      <p className="form-text mb-0">
        <FormattedMessage
          id="photos.hint"
          defaultMessage="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB. New photos are checked before others see them."
        />
      </p>
      <div role="status" aria-live="polite">
        {notice}
      </div>
    </div>
  );
}
