import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { BrandIcon, ChatIcon, HeartIcon, SearchIcon } from '../../components/icons';
import { useSignupAllowed } from '../../features/accounts/hooks/use-signup-allowed';
import { withTracking } from '../../features/landers/lander-links';
import { AccountMenu } from '../../features/session/components/account-menu';
import { CreditsLink } from '../../features/session/components/credits-link';
import { LanguageDropdown } from '../../features/site/components/language-dropdown';
import { BackButton } from '../../features/shell/components/back-button';
import { useCurrentUser, useSettings } from '../../lib/store/store';

/** Top navigation of SPEC §2. */
export function TopNav({ unread, newLikes }: { unread: number; newLikes: number }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const settings = useSettings();
  const { pathname, search } = useLocation();
  const signupOpen = useSignupAllowed();
  const onSignup = /^\/(members\/\d+\/)?signup$/.test(pathname);

  return (
    <header className="top-nav navbar navbar-dark">
      <nav className="container flex-nowrap" aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main' })}>
        <BackButton />
        <Link to={user ? '/members' : '/'} className="navbar-brand">
          <span className="brand-mark">
            <BrandIcon width={18} height={18} />
          </span>
          <span className={user ? 'brand-name brand-name-compact' : 'brand-name'}>{settings.name}</span>
        </Link>
        <ul className="top-nav-items">
          {user ? (
            <>
              <li>
                <NavLink to="/members" end className="nav-icon-link">
                  <SearchIcon />
                  <span className="nav-label">
                    <FormattedMessage id="nav.search" defaultMessage="Search members" />
                  </span>
                </NavLink>
              </li>
              <li>
                <NavLink to="/chats" className="nav-icon-link">
                  <ChatIcon />
                  <span className="nav-label">
                    <FormattedMessage id="nav.messages" defaultMessage="Messages" />
                  </span>
                  <CountBadge
                    count={unread}
                    tone="unread"
                    label={intl.formatMessage({ id: 'nav.unreadCount', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' }, { count: unread })}
                  />
                </NavLink>
              </li>
              <li>
                <NavLink to="/likes" className="nav-icon-link">
                  <HeartIcon />
                  <span className="nav-label">
                    <FormattedMessage id="nav.likes" defaultMessage="Likes" />
                  </span>
                  <CountBadge
                    count={newLikes}
                    tone="primary"
                    label={intl.formatMessage({ id: 'nav.newLikesCount', defaultMessage: '{count, plural, one {# new like} other {# new likes}}' }, { count: newLikes })}
                  />
                </NavLink>
              </li>
              <li>
                <CreditsLink paidUser={user.paid_user} credits={user.credits} />
              </li>
              <li>
                <LanguageDropdown />
              </li>
              {user.profile.invisible ? (
                <li>
                  <Link to="/profile" className="badge rounded-pill text-bg-secondary nav-invisible">
                    <FormattedMessage id="nav.invisible" defaultMessage="Invisible" />
                  </Link>
                </li>
              ) : null}
              <li>
                <AccountMenu user={user} cdnPrefix={settings.cdn_prefix} />
              </li>
            </>
          ) : (
            <>
              <li>
                <LanguageDropdown />
              </li>
              {signupOpen && !onSignup ? (
                <li>
                  <Link to={withTracking('/signup', new URLSearchParams(search))} className="btn btn-primary btn-sm ms-1 nav-cta">
                    <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/login" className={`btn btn-sm ms-1 nav-cta ${signupOpen && !onSignup ? 'btn-outline-light' : 'btn-primary'}`}>
                  <FormattedMessage id="nav.login" defaultMessage="Log in" />
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
