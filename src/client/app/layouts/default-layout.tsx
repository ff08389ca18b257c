import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { EntryWarning } from '../../features/shell/components/entry-warning';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { SignupModal } from '../../features/accounts/components/signup-modal';
import { SiteDisclaimer } from '../../features/shell/components/site-disclaimer';
import { isInfoPath } from '../../features/shell/components/legal-links';
import { pathWithQuery } from '../../lib/path-with-query';
import { useAppSelector, useCurrentUser } from '../../lib/store/store';
import { ErrorBoundary } from '../error-boundary';
import { ErrorPage } from '../pages/error-page';
import { NotFoundPage } from '../pages/not-found-page';
import { useSignupPhotoOnDemand } from '../signup-photo-on-demand';
import { LanguageOfferSlot } from './language-offer-slot';
import { MemberBanners, MemberChatRealtime, MemberEffects, MemberPopups, MemberTabBar } from './member-shell';
import { NavCountsProvider, useLayoutNavCounts } from './nav-counts';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';
import { MainRegion } from './main-region';

/**
 * The default layout. What only members see or run (banners, modals, pop-ups, the event stream, the session
 * poll) comes from the members' chunk (member-shell.tsx), so a visitor's page does not carry it. The navigation
 * counts re-render only the top navigation and the title (nav-counts.tsx), not the layout.
 */
export function DefaultLayout() {
  const user = useCurrentUser();
  return (
    <NavCountsProvider loggedIn={user !== null}>
      <DefaultLayoutBody />
    </NavCountsProvider>
  );
}

/** The top navigation with the badges' counts. */
function CountedTopNav() {
  const { unread, newLikes } = useLayoutNavCounts();
  return <TopNav unread={unread} newLikes={newLikes} />;
}

function DefaultLayoutBody() {
  const location = useLocation();
  const pageError = useAppSelector((s) => s.site.pageError);
  const signupPhoto = useSignupPhotoOnDemand();
  const member = useCurrentUser() !== null;

  const url = pathWithQuery(location);
  const serverError = pageError && pageError.url === url ? pageError : null;

  return (
    <div className={member ? 'app-shell app-shell-tabs' : 'app-shell'} data-layout="default">
      <ShellChrome />
      <a href="#main" className="skip-link">
        <FormattedMessage id="nav.skip" defaultMessage="Skip to content" />
      </a>
      <CountedTopNav />
      <MainRegion>
        {/* The banner area above the page: the language offer of a first visit, then the member's one prompt. */}
        <LanguageOfferSlot />
        <MemberBanners />
        <div className="container">
          <ErrorBoundary key={url} fallback={() => <ErrorPage />}>
            {serverError ? (
              serverError.status === 404 ? (
                <NotFoundPage />
              ) : (
                <ErrorPage status={serverError.status} message={serverError.message} />
              )
            ) : (
              <Outlet />
            )}
          </ErrorBoundary>
        </div>
      </MainRegion>
      <MemberTabBar />
      <SiteFooter inMembersArea={member && !isInfoPath(location.pathname)} />
      <SiteDisclaimer />
      <EntryWarning layout="default" />
      <SignupModal photo={signupPhoto} />
      <MemberPopups />
      <MemberChatRealtime />
      <MemberEffects />
    </div>
  );
}
