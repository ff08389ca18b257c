import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PushStateResult } from '../push-client';
import { usePush } from '../use-push';

/**
 * "Turn on notifications" that reports: while the browser asks and the subscription is made, the button says so
 * (and is busy); afterwards a refused permission, a browser that cannot push, a question closed without an answer, a
 * subscription that failed or did not complete within a few seconds each get their own message, and the button
 * offers to try again. `onResult` hears every outcome (the signup moves on once subscribed).
 */
export function PushSubscribeButton({
  label,
  className = 'btn btn-primary btn-sm',
  onResult,
  timeoutMs,
  statusClassName = 'small mt-2',
}: {
  label?: ReactNode;
  className?: string;
  onResult?: (result: PushStateResult) => void;
  /** How long the subscription may take (default push-client's PUSH_SUBSCRIBE_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
  /** The classes of the line that tells the outcome. */
  statusClassName?: string;
}) {
  const { busy, subscribe } = usePush(timeoutMs);
  const [result, setResult] = useState<PushStateResult | null>(null);
  const failed = result !== null && result !== 'subscribed';

  const run = async () => {
    setResult(null);
    const outcome = await subscribe();
    setResult(outcome);
    onResult?.(outcome);
  };

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void run()}
        data-testid="push-subscribe"
      >
        {busy ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            <FormattedMessage id="push.subscribe.busy" defaultMessage="Turning on notifications…" />
          </>
        ) : failed ? (
          <FormattedMessage id="push.subscribe.retry" defaultMessage="Try again" />
        ) : (
          (label ?? <FormattedMessage id="push.alert.action" defaultMessage="Turn on notifications" />)
        )}
      </button>
      <div role="status" aria-live="polite" className={statusClassName} data-testid="push-subscribe-status">
        {result === 'denied' ? (
          <span className="text-danger">
            <FormattedMessage
              id="push.subscribe.denied"
              defaultMessage="Your browser blocks notifications for this site. Allow them in the browser's site settings, then try again."
            />
          </span>
        ) : result === 'unsupported' ? (
          <span className="text-danger">
            <FormattedMessage id="push.settings.unsupported" defaultMessage="This browser cannot show push notifications." />
          </span>
        ) : result === 'dismissed' ? (
          <FormattedMessage
            id="push.subscribe.dismissed"
            defaultMessage="The question was closed without an answer. Try again and choose Allow."
          />
        ) : result === 'timeout' ? (
          <span className="text-danger">
            <FormattedMessage id="push.subscribe.timeout" defaultMessage="Turning on notifications took too long. Please try again." />
          </span>
        ) : result === 'failed' ? (
          <span className="text-danger">
            <FormattedMessage id="push.alert.failed" defaultMessage="Notifications could not be switched on in this browser." />
          </span>
        ) : result === 'subscribed' ? (
          <FormattedMessage id="push.subscribe.done" defaultMessage="Notifications are on for this browser." />
        ) : null}
      </div>
    </>
  );
}
