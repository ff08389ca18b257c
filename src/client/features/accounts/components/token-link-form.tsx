import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useHydrated } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';

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
