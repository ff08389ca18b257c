import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { SPAM_HINT_AFTER_MS } from '../../../../shared/constants';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { toFormError } from '../form-error';

/** The resend form (its route action: the activation error page's, app/pages/activate-pages.tsx). */
export const RESEND_FORM = 'resend_activation';
/** Where the resend form posts, from every page that shows it. */
const RESEND_ACTION = '/activate/error';
/** The query the action's 303 adds to the page it returns to (the form sent without JavaScript): 1 sent, 0 not. */
export const RESENT_PARAM = 'activation_resent';

/**
 * The resend link, and the spam-folder hint once a minute has passed since the last mail. The link is a form of the
 * activation error page's action (`intent=resend_activation`, the page to return to): through a fetcher with
 * JavaScript, whose answer says the mail went out or why not; without, the browser posts it and the 303 brings him
 * back to the page, whose address says whether it went out.
 */
export function ResendActivation({ sentAt }: { sentAt: number }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const [query] = useSearchParams();
  const fetcher = useRouterFetcher();
  const [lastSent, setLastSent] = useState(sentAt);
  const [spamHint, setSpamHint] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const sentText = intl.formatMessage({ id: 'activation.resent', defaultMessage: 'We sent the e-mail again.' });
  // Without JavaScript the action's 303 says in the address whether the mail went out.
  const answered = query.get(RESENT_PARAM);
  const shown =
    status ??
    (answered === '1'
      ? sentText
      : answered === '0'
        ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
        : null);

  useEffect(() => {
    const timer = setTimeout(() => setSpamHint(true), Math.max(0, lastSent + SPAM_HINT_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [lastSent]);

  const onResend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await fetcher.submit(RESEND_ACTION, new FormData(event.currentTarget));
      setLastSent(Date.now());
      setSpamHint(false);
      setStatus(sentText);
    } catch (err) {
      setStatus(toFormError(intl, err).message);
    }
  };

  return (
    <div className="small activation-resend">
      {spamHint ? (
        <p className="mb-1" data-testid="spam-hint">
          <FormattedMessage id="activation.spamHint" defaultMessage="No e-mail yet? Look in your spam or junk folder too." />
        </p>
      ) : null}
      <form method="post" action={RESEND_ACTION} className="d-inline" onSubmit={(event) => void onResend(event)}>
        <input type="hidden" name="intent" value={RESEND_FORM} />
        <input type="hidden" name="return" value={`${pathname}${search}`} />
        <button type="submit" className="btn btn-link p-0 align-baseline" disabled={fetcher.state !== 'idle'}>
          <FormattedMessage id="activation.resend" defaultMessage="Send the e-mail again" />
        </button>
      </form>
      <span role="status" className="ms-2">
        {shown}
      </span>
    </div>
  );
}
