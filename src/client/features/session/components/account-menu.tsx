import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { User } from '../../../../shared/api/client';
import { DetailsMenu } from '../../../components/details-menu';
import { photoUrl } from '../../../components/member-photo';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { endLiveUpdates } from '../../../lib/page-exit';

/** Where the logout form posts: the route whose action logs out (app/pages/login-page.tsx). */
const LOGOUT_PATH = '/logout';

/** Account dropdown: avatar thumbnail, profile name, my profile, photo moderation (moderators and admins), settings and logout. */
export function AccountMenu({ user, cdnPrefix }: { user: User; cdnPrefix: string }) {
  const intl = useIntl();
  const busy = useSubmitting(LOGOUT_PATH);
  const image = user.profile.main_image;
  const name = user.profile.name;

  return (
    <DetailsMenu
      label={intl.formatMessage({ id: 'nav.account', defaultMessage: 'Account of {name}' }, { name })}
      summaryClassName="nav-icon-link"
      summary={
        <>
          {image ? (
            <img className="avatar" src={photoUrl(cdnPrefix, image, true)} alt="" width={32} height={32} />
          ) : (
            <span className="avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="nav-label">{name}</span>
        </>
      }
    >
      <ul className="menu-list">
        <li className="menu-header" aria-hidden="true">
          {name}
        </li>
        <li>
          <Link className="menu-item" to="/profile">
            <FormattedMessage id="nav.myProfile" defaultMessage="My profile" />
          </Link>
        </li>
        {user.role === 'moderator' || user.role === 'admin' ? (
          <li>
            <Link className="menu-item" to="/moderation">
              <FormattedMessage id="nav.moderation" defaultMessage="Photo moderation" />
            </Link>
          </li>
        ) : null}
        <li>
          <Link className="menu-item" to="/notifications">
            <FormattedMessage id="nav.settings" defaultMessage="Settings" />
          </Link>
        </li>
        <li>
          <Link className="menu-item" to="/lang-config">
            <FormattedMessage id="nav.language" defaultMessage="Language" />
          </Link>
        </li>
        <li>
          {/*
            The logout form runs the /logout route's action: through the router with JavaScript, posted by the browser
            before hydration or without it. The event stream closes before the call that ends the session (open, it
            could see the session end and reconnect, to a 403); the action answers with the home page as a new document.
          */}
          <RouterForm action={LOGOUT_PATH} onSubmit={endLiveUpdates}>
            <button type="submit" className="menu-item" disabled={busy}>
              <FormattedMessage id="nav.logout" defaultMessage="Log out" />
            </button>
          </RouterForm>
        </li>
      </ul>
    </DetailsMenu>
  );
}
