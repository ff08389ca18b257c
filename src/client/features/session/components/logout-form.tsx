import { FormattedMessage } from 'react-intl';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { endLiveUpdates } from '../../../lib/page-exit';

/** Where the logout form posts: the route whose action logs out (app/pages/login-page.tsx). */
const LOGOUT_PATH = '/logout';

/**
 * The logout button: a form that runs the /logout route's action — through the router with JavaScript, posted by the
 * browser before hydration or without it. The event stream closes before the call that ends the session (open, it
 * could see the session end and reconnect, to a 403); the action answers with the home page as a new document.
 */
export function LogoutForm({ buttonClassName }: { buttonClassName?: string }) {
  const busy = useSubmitting(LOGOUT_PATH);
  return (
    <RouterForm action={LOGOUT_PATH} onSubmit={endLiveUpdates}>
      <button type="submit" className={buttonClassName} disabled={busy}>
        <FormattedMessage id="nav.logout" defaultMessage="Log out" />
      </button>
    </RouterForm>
  );
}
