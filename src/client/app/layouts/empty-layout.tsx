import { Outlet, useLocation } from 'react-router';
import { EntryWarning } from '../../features/shell/components/entry-warning';
import { SignupModalSlot } from '../../features/shell/components/layout-slots';
import { ErrorBoundary } from '../error-boundary';
import { ErrorPage } from '../pages/error-page';

/** SPEC §2 empty layout: only the page, the entry warning for NL and DE, and the signup modal. */
export function EmptyLayout() {
  const location = useLocation();
  return (
    <div className="app-shell empty-shell" data-layout="empty">
      <main id="main" className="app-main" tabIndex={-1}>
        <ErrorBoundary key={location.pathname} fallback={() => <ErrorPage />}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <EntryWarning layout="empty" />
      <SignupModalSlot />
    </div>
  );
}
