import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { BrandIcon } from '../../components/icons';
import { SignupCta } from '../../features/landers/components/lander-parts';
import { EntryWarning } from '../../features/shell/components/entry-warning';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { SiteDisclaimer } from '../../features/shell/components/site-disclaimer';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { LanguageOfferSlot } from './language-offer-slot';
import { PageOutlet } from './page-outlet';
import { SiteFooter } from './site-footer';
import { MainRegion } from './main-region';

/** The lander layout: brand bar, the page, footer, disclaimer, and the entry warning for NL and DE only. */
export function LanderLayout() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  return (
    <div className="app-shell lander-shell" data-layout="lander">
      <ShellChrome />
      <a href="#main" className="skip-link">
        <FormattedMessage id="nav.skip" defaultMessage="Skip to content" />
      </a>
      <header className="brand-bar">
        <nav
          className="container d-flex align-items-center justify-content-between"
          aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main' })}
        >
          <Link to={user ? '/members' : '/'} className="navbar-brand text-white">
            <span className="brand-mark">
              <BrandIcon width={18} height={18} />
            </span>
            <span className="brand-name">{settings.name}</span>
          </Link>
          {user ? null : (
            // Signing up first (the lander's own call to action repeats it), logging in second.
            <div className="d-flex align-items-center gap-2 flex-shrink-0">
              <SignupCta className="btn btn-primary btn-sm nav-cta" testId="brand-signup">
                <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
              </SignupCta>
              <Link to="/login" className="btn btn-outline-light btn-sm nav-cta">
                <FormattedMessage id="nav.login" defaultMessage="Log in" />
              </Link>
            </div>
          )}
        </nav>
      </header>
      <MainRegion className="app-main lander-main">
        {/* The banner area above the page: the language offer of a first visit. */}
        <LanguageOfferSlot />
        <PageOutlet />
      </MainRegion>
      <SiteFooter />
      <SiteDisclaimer />
      <EntryWarning layout="lander" />
    </div>
  );
}
