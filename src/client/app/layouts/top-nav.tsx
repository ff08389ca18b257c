import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { BrandIcon } from '../../components/icons';
import { useSignupAllowed } from '../../features/accounts/hooks/use-signup-allowed';
import { withTracking } from '../../features/landers/lander-links';
import { LanguageDropdown } from '../../features/site/components/language-dropdown';
import { BackButton } from '../../features/shell/components/back-button';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { MemberNavItems } from './member-shell';

/** Top navigation; a member's items come from the members' chunk (member-shell.tsx). */
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
          <span className="brand-name">{settings.name}</span>
        </Link>
        <ul className="top-nav-items">
          {user ? (
            <MemberNavItems user={user} unread={unread} newLikes={newLikes} cdnPrefix={settings.cdn_prefix} />
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
