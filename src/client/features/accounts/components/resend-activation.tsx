import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SPAM_HINT_AFTER_MS } from '../../../../shared/constants';
import { useApi } from '../../../lib/api-client';
import { resendActivation } from '../api/resend-activation';
import { toFormError } from '../form-error';

/** The resend link, and the spam-folder hint once a minute has passed since the last mail. */
export function ResendActivation({ sentAt }: { sentAt: number }) {
  const intl = useIntl();
  const api = useApi();
  const [lastSent, setLastSent] = useState(sentAt);
  const [spamHint, setSpamHint] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSpamHint(true), Math.max(0, lastSent + SPAM_HINT_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [lastSent]);

  const onResend = async () => {
    setBusy(true);
    try {
      await resendActivation(api);
      setLastSent(Date.now());
      setSpamHint(false);
      setStatus(intl.formatMessage({ id: 'activation.resent', defaultMessage: 'We sent the e-mail again.' }));
    } catch (err) {
      setStatus(toFormError(intl, err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="small activation-resend">
      {spamHint ? (
        <p className="mb-1" data-testid="spam-hint">
          <FormattedMessage id="activation.spamHint" defaultMessage="No e-mail yet? Look in your spam or junk folder too." />
        </p>
      ) : null}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void onResend()} disabled={busy}>
        <FormattedMessage id="activation.resend" defaultMessage="Send the e-mail again" />
      </button>
      <span role="status" className="ms-2">
        {status}
      </span>
    </div>
  );
}
