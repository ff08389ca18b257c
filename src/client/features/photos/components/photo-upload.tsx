import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Spinner } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { checkPhotoFile, PHOTO_TYPES } from '../../../../shared/photo-files';
import { uploadPhoto, type MyPhotos } from '../api/upload-photo';

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
}

/**
 * A labelled file picker that uploads one photo at a time to POST /photos.php and shows the server's answer
 * (photo_invalid, photo_limit_reached, payload_too_large) in the member's language. Reusable on the profile and
 * in signup step 1 (with `onPicked`).
 */
export function PhotoUpload({ onUploaded, onPicked, disabled = false, label, className }: PhotoUploadProps) {
  const intl = useIntl();
  const api = useApi();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
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
      const photos = await uploadPhoto(api, file, file.name);
      onUploaded?.(photos);
    } catch (err) {
      setError(
        isApiRequestError(err) && err.message && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className}>
      <label htmlFor={inputId} className={`btn btn-primary${disabled || busy ? ' disabled' : ''}`} aria-disabled={disabled || busy}>
        {busy ? <Spinner size="sm" className="me-2" /> : null}
        {label ?? <FormattedMessage id="photos.add" defaultMessage="Add a photo" />}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className="visually-hidden"
        disabled={disabled || busy}
        onChange={(e) => void onChange(e)}
      />
      <p className="form-text mb-0">
        <FormattedMessage
          id="photos.hint"
          defaultMessage="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB. New photos are checked before others see them."
        />
      </p>
      <div role="status" aria-live="polite">
        {error ? (
          <Alert color="danger" fade={false} className="mt-2 mb-0">
            {error}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
