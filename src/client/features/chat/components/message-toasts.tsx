import { FormattedMessage, useIntl } from 'react-intl';

export interface MessageToastItem {
  id: number;
  conversation: number;
  name: string | null;
  text: string;
}

/**
 * New messages while the member is elsewhere on the site (toasts at most 350 px wide). Each opens its
 * conversation; they are announced politely to screen readers.
 */
export function MessageToasts({
  toasts,
  onOpen,
  onClose,
}: {
  toasts: readonly MessageToastItem[];
  onOpen: (t: MessageToastItem) => void;
  onClose: (t: MessageToastItem) => void;
}) {
  const intl = useIntl();
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3 chat-toasts" aria-live="polite" aria-atomic="false">
      {toasts.map((t) => (
        <div key={t.id} className="toast show" role="status" data-testid="message-toast">
          <div className="toast-header">
            <strong className="me-auto">
              {t.name ? (
                <FormattedMessage id="chat.toast.from" defaultMessage="New message from {name}" values={{ name: t.name }} />
              ) : (
                <FormattedMessage id="chat.toast.new" defaultMessage="New message" />
              )}
            </strong>
            <button
              type="button"
              className="btn-close"
              onClick={() => onClose(t)}
              aria-label={intl.formatMessage({ id: 'chat.toast.close', defaultMessage: 'Close' })}
            />
          </div>
          <button
            type="button"
            className="toast-body btn btn-link text-start w-100 text-body text-decoration-none"
            onClick={() => onOpen(t)}
          >
            <span className="chat-toast-text">{t.text}</span>
            <span className="d-block small text-primary mt-1">
              <FormattedMessage id="chat.toast.open" defaultMessage="Open the conversation" />
            </span>
          </button>
        </div>
      ))}
    </div>
  );
}
