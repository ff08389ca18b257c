import { useEffect, useRef, type ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { Button } from 'reactstrap';
import type { ApiRequestError } from '../../../lib/api-error';
import { Loading } from '../../../components/loading';
import { useHydrated } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { toFormError } from '../form-error';

/** The field a mailed link's token is posted in. */
export const TOKEN_FIELD = 'token';

/**
 * The form that spends the token of a mailed link with the page's route action (`action`: the page's own path, without
 * the token). Opening the page never spends it — a GET, as mail scanners make. Without JavaScript the member presses
 * the button (`label`); with JavaScript and `auto` the form is sent through the router as soon as the page has hydrated,
 * and the page shows that it is at work. The action's answer replaces the link's page in the history (the token leaves
 * the address bar).
 */
export function TokenLinkForm({ action, token, label, auto }: { action: string; token: string; label: ReactNode; auto: boolean }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const busy = usePendingForm(action, { withReload: true }) !== null;
  useEffect(() => {
    if (!auto || !hydrated || sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, [auto, hydrated]);
  return (
    <RouterForm ref={form} action={action} replace>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      {busy ? (
        <Loading />
      ) : (
        <Button type="submit" color="primary" size="lg">
          {label}
        </Button>
      )}
    </RouterForm>
  );
}

/**
 * What a mailed link's page says when the link's token was refused: the backend's reason (used, expired) in the
 * member's language; a token it could not even read (a link a mail program cut short) is an invalid link as well, not a
 * failure to try again later, which is what no answer at all gets.
 */
export function tokenRefusalText(intl: IntlShape, error: ApiRequestError): string {
  if (error.status === 400 && error.code === 'bad_request')
    return intl.formatMessage({ id: 'reset.linkInvalid', defaultMessage: 'Link expired or invalid, request a new e-mail' });
  return toFormError(intl, error).message;
}
