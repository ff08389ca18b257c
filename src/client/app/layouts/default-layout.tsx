import { lazy, Suspense, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { useNavCounts } from '../../features/social/hooks/use-nav-counts';
import { useSessionRefresh } from '../../features/session/hooks/use-session-refresh';
import { EntryWarning } from '../../features/shell/components/entry-warning';
import { PushAlert } from '../../features/push/components/push-alert';
import { usePushBootstrap } from '../../features/push/use-push';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { ActivationReminder } from '../../features/accounts/components/activation-reminder';
import { SignupModal } from '../../features/accounts/components/signup-modal';
import { TimeBonusModal, WelcomeBanner } from '../../features/credits/components/time-bonus';
import { SiteDisclaimer } from '../../features/shell/components/site-disclaimer';
import { WarningsArea } from '../../features/shell/components/warnings-area';
import { pathWithQuery } from '../../lib/path-with-query';
import { useAppSelector, useCurrentUser } from '../../lib/store/store';
import { TitleCountContext } from '../../lib/title-prefix';
import { ErrorBoundary } from '../error-boundary';
import { ErrorPage } from '../pages/error-page';
import { NotFoundPage } from '../pages/not-found-page';
import { useSignupPhotoOnDemand } from '../signup-photo-on-demand';
import { ChatRealtime } from './chat-realtime';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/**
 * A member's like pop-ups: they only ever open after the page is up (a poll, a like, `?t=`), so their code loads
 * after hydration, for members only, outside every page's entry (issue 15). The server renders nothing for them,
 * as their first render was nothing anyway.
 */
const LikePopups = lazy(() => import('../../features/likes/components/like-popups').then((m) => ({ default: m.LikePopups })));

const noSubscription = () => () => undefined;

/** Mounted for members only; false on the server and while hydrating, then the pop-ups' code loads. */
function MemberLikePopups() {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LikePopups />
    </Suspense>
  );
}

export function DefaultLayout() {
  const location = useLocation();
  const user = useCurrentUser();
  const pageError = useAppSelector((s) => s.site.pageError);
  const { unread, newLikes } = useNavCounts(user !== null);
  useSessionRefresh(user !== null);
  usePushBootstrap(user !== null);
  const signupPhoto = useSignupPhotoOnDemand();

  const url = pathWithQuery(location);
  const serverError = pageError && pageError.url === url ? pageError : null;

  return (
    <TitleCountContext.Provider value={unread + newLikes}>
      <div className="app-shell" data-layout="default">
        <ShellChrome />
        <a href="#main" className="skip-link">
          <FormattedMessage id="nav.skip" defaultMessage="Skip to content" />
        </a>
        <TopNav unread={unread} newLikes={newLikes} />
        <main id="main" className="app-main" tabIndex={-1}>
          <ActivationReminder />
          <WarningsArea />
          <PushAlert />
          <div className="container">
            <WelcomeBanner />
            <ErrorBoundary key={url} fallback={() => <ErrorPage />}>
              {serverError ? serverError.status === 404 ? <NotFoundPage /> : <ErrorPage status={serverError.status} message={serverError.message} /> : <Outlet />}
            </ErrorBoundary>
          </div>
        </main>
        <SiteFooter />
        <SiteDisclaimer />
        <EntryWarning layout="default" />
        <SignupModal photo={signupPhoto} />
        <TimeBonusModal />
        {user ? <MemberLikePopups /> : null}
        <ChatRealtime badgeCount={unread + newLikes} />
      </div>
    </TitleCountContext.Provider>
  );
}
