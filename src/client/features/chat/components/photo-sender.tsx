import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CameraIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { useHydrated } from '../../../components/progressive-form';
import { checkPhotoFile, PHOTO_TYPES, type PhotoFileProblem } from '../../../../shared/photo-files';
import type { SendProblem } from '../send-problem';
import { SendProblemAlert } from './chat-alerts';

export interface PhotoSenderProps {
  partnerName: string;
  /** The site's photo_credits. */
  price: number;
  /** The member's balance as last known (the server decides; a short balance shows the credit alert at once). */
  balance: number;
  disabled: boolean;
  /** Sends the photo; answers null when it was sent, else what to show. */
  onSend: (file: File, caption: string) => Promise<SendProblem | null>;
}

/**
 * The composer's photo button: picks a photo (keyboard: the button opens the file dialog), shows it in a preview
 * dialog with an optional caption and the price in credits, sends it with a visible progress state, and shows
 * what went wrong (the credit alert, the premium alert, or the server's message in the member's language).
 */
export function PhotoSender({ partnerName, price, balance, disabled, onSend }: PhotoSenderProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const captionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  // Checked in the browser before anything is sent (the same limits as the server): Send stays off, with the reason.
  const fileProblem: PhotoFileProblem | null = file ? checkPhotoFile(file) : null;
  const reasonId = useId();
  const inputId = useId();
  const hydrated = useHydrated();
  const label = intl.formatMessage({ id: 'chat.photo.button', defaultMessage: 'Send a photo' });

  // No preview of a file that is no photo (it would show broken).
  const preview = useMemo(() => (file && checkPhotoFile(file) !== 'wrong_type' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const close = () => {
    setFile(null);
    setCaption('');
    setProblem(null);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setProblem(null);
    setFile(picked);
    if (checkPhotoFile(picked) === null && price > balance) setProblem({ kind: 'credits' });
  };

  const send = async () => {
    if (!file || busy || fileProblem) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await onSend(file, caption.trim());
      if (result) setProblem(result);
      else close();
    } finally {
      setBusy(false);
    }
  };

  const blocked = problem !== null && problem.kind !== 'text';
  return (
    <>
      {/* Before the page hydrated (or without JavaScript) the button is the input's label and the photo goes with the
          composer's form (its route action sends it, the text as its caption); after, the button opens the picker and
          the preview dialog. */}
      <input
        ref={input}
        id={inputId}
        type="file"
        name="photo"
        accept={PHOTO_TYPES.join(',')}
        className="visually-hidden chat-photo-input"
        tabIndex={hydrated ? -1 : undefined}
        aria-label={label}
        onChange={onPick}
        data-testid="chat-photo-input"
      />
      {hydrated ? (
        <button
          type="button"
          className="btn chat-icon-button"
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-label={label}
          title={label}
          data-testid="chat-photo-button"
        >
          <CameraIcon width="22" height="22" />
        </button>
      ) : (
        <label htmlFor={inputId} className="btn chat-icon-button" title={label} data-testid="chat-photo-button">
          <CameraIcon width="22" height="22" />
        </label>
      )}
      {file ? (
        <Modal
          title={
            <FormattedMessage id="chat.photo.previewTitle" defaultMessage="Send this photo to {name}?" values={{ name: partnerName }} />
          }
          onDismiss={busy ? undefined : close}
          className="chat-photo-preview"
          testId="chat-photo-preview"
          footer={
            <>
              <button type="button" className="btn btn-outline-dark" onClick={close} disabled={busy}>
                <FormattedMessage id="chat.photo.cancel" defaultMessage="Cancel" />
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void send()}
                disabled={busy || blocked || fileProblem !== null}
                aria-describedby={fileProblem ? reasonId : undefined}
                data-testid="chat-photo-send"
              >
                {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                <FormattedMessage
                  id="chat.photo.send"
                  defaultMessage="{credits, plural, =0 {Send} one {Send for # credit} other {Send for # credits}}"
                  values={{ credits: price }}
                />
              </button>
            </>
          }
        >
          {preview ? (
            <img
              src={preview}
              alt={intl.formatMessage({ id: 'chat.photo.previewAlt', defaultMessage: 'The photo you chose' })}
              className="chat-photo-preview-image"
            />
          ) : null}
          {fileProblem ? (
            <div id={reasonId} className="alert alert-warning mt-2 mb-0" role="alert" data-testid="chat-photo-reason">
              {fileProblem === 'too_large' ? (
                <FormattedMessage id="chat.photo.tooLarge" defaultMessage="This photo is larger than 10 MB." />
              ) : (
                <FormattedMessage id="chat.photo.wrongType" defaultMessage="Choose a JPEG, PNG, WebP, GIF or AVIF photo." />
              )}
            </div>
          ) : null}
          <label htmlFor={captionId} className="form-label mt-3">
            <FormattedMessage id="chat.photo.caption" defaultMessage="Caption (optional)" />
          </label>
          <input
            id={captionId}
            type="text"
            className="form-control"
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            disabled={busy}
          />
          <div role="status" className="small mt-2" data-testid="chat-photo-progress">
            {busy ? <FormattedMessage id="chat.photo.sending" defaultMessage="Sending your photo…" /> : null}
          </div>
          {problem ? <SendProblemAlert problem={problem} onClose={problem.kind === 'text' ? () => setProblem(null) : close} /> : null}
        </Modal>
      ) : null}
    </>
  );
}

/** A photo message's bubble content: the thumbnail as a button that opens the photo larger in a dialog. */
export function PhotoBubble({ thumb, full, alt }: { thumb: string; full: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="chat-photo" onClick={() => setOpen(true)} data-testid="chat-photo">
        <img src={thumb} alt={alt} width={160} height={160} loading="lazy" decoding="async" />
      </button>
      {open ? (
        <Modal
          title={alt}
          onDismiss={() => setOpen(false)}
          className="chat-photo-viewer"
          testId="chat-photo-viewer"
          footer={
            <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
              <FormattedMessage id="chat.photo.close" defaultMessage="Close" />
            </button>
          }
        >
          <img src={full} alt={alt} className="chat-photo-full" />
        </Modal>
      ) : null}
    </>
  );
}
