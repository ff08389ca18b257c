import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Spinner } from 'reactstrap';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { checkPhotoFile, PHOTO_TYPES } from '../../../../shared/photo-files';
import { uploadPhoto, type MyPhotos } from '../api/upload-photo';

/** The photo upload's form (its route action: the own profile page's), told apart from the profile form by `intent`. */
export const PHOTO_UPLOAD_FORM = 'photo-upload';
/** The field that names the photo upload among the forms posted to the same page. */
export const PHOTO_INTENT = { name: 'intent', value: 'photo' } as const;
/** The query of the page a photo posted without JavaScript returns to. */
export const PHOTO_UPLOADED = { name: 'uploaded', value: '1' } as const;

export interface PhotoUploadProps {
  /** Called with the member's photos after a successful upload (the new one included, awaiting moderation). */
  onUploaded?: (photos: MyPhotos) => void;
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
   * posted there, so a photo is uploaded without JavaScript too (with a submit button that only a browser without
   * JavaScript shows). Without it (signup, whose form holds the picker) there is no form.
   */
  postTo?: string;
}

/**
 * A labelled file picker that uploads one photo at a time to POST /photos.php and shows the server's answer
 * (photo_invalid, photo_limit_reached, payload_too_large) in the member's language. Reusable on the profile and
 * in signup step 1 (with `onPicked`).
 */
export function PhotoUpload({ onUploaded, onPicked, disabled = false, label, className, postTo }: PhotoUploadProps) {
  const intl = useIntl();
  const api = useApi();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const refused = useFormFailure(PHOTO_UPLOAD_FORM);
  const attempt = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  // The backend's message in the member's language; for a failure that is no refusal of the photo, the generic one.
  const errorText = (err: unknown) =>
    isApiRequestError(err) && err.message && err.status < 500
      ? err.message
      : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
  const [error, setError] = useState<string | null>(() => (refused ? errorText(refused.error) : null));
  const [uploaded, setUploaded] = useState(() => postTo !== undefined && search.get(PHOTO_UPLOADED.name) === PHOTO_UPLOADED.value);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setUploaded(false);
    // Checked before the upload (the server's limits): nothing is sent for a file that cannot be a photo.
    const problem = checkPhotoFile(file);
    if (problem === 'too_large') {
      setError(intl.formatMessage({ id: 'photos.tooLarge', defaultMessage: 'This photo is larger than 10 MB.' }));
      return;
    }
    if (problem === 'wrong_type') {
      setError(intl.formatMessage({ id: 'photos.wrongType', defaultMessage: 'Choose a JPEG, PNG, WebP, GIF or AVIF photo.' }));
      return;
    }
    if (onPicked) {
      onPicked(file);
      return;
    }
    setBusy(true);
    try {
      const photos = await uploadPhoto(api, file, file.name, attempt.key);
      attempt.renew();
      onUploaded?.(photos);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const picker = (
    <>
      <label htmlFor={inputId} className={`btn btn-primary${disabled || busy ? ' disabled' : ''}`} aria-disabled={disabled || busy}>
        {busy ? <Spinner size="sm" className="me-2" /> : null}
        {label ?? <FormattedMessage id="photos.add" defaultMessage="Add a photo" />}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        name="photo"
        accept={PHOTO_TYPES.join(',')}
        className="visually-hidden"
        disabled={disabled || busy}
        onChange={(e) => void onChange(e)}
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
        <form method="post" action={postTo} encType="multipart/form-data" onSubmit={(e) => e.preventDefault()}>
          <input type="hidden" name={PHOTO_INTENT.name} value={PHOTO_INTENT.value} />
          <IdempotencyKeyField value={attempt.key} />
          {picker}
        </form>
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
