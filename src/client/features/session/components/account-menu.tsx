import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { User } from '../../../../shared/api/client';
import { DetailsMenu } from '../../../components/details-menu';
import { LogoutForm } from './logout-form';
import { OwnAvatar } from './own-avatar';

/** Account dropdown: avatar thumbnail, profile name, my profile, photo moderation (moderators and admins), settings and logout. */
export function AccountMenu({ user, cdnPrefix }: { user: User; cdnPrefix: string }) {
  const intl = useIntl();
  const name = user.profile.name;

  return (
    <DetailsMenu
      label={intl.formatMessage({ id: 'nav.account', defaultMessage: 'Account of {name}' }, { name })}
      summaryClassName="nav-icon-link"
      summary={
        <>
          <OwnAvatar user={user} cdnPrefix={cdnPrefix} className="avatar" size={32} />
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
          <LogoutForm buttonClassName="menu-item" />
        </li>
      </ul>
    </DetailsMenu>
  );
}
