import { Outlet, useLocation } from 'react-router';
import { pathWithQuery } from '../../lib/path-with-query';
import { useAppSelector } from '../../lib/store/store';
import { ErrorBoundary } from '../error-boundary';
import { ErrorPage } from '../pages/error-page';
import { NotFoundPage } from '../pages/not-found-page';

/**
 * The page of a layout: the route's element, or the 404/error page when the server met that status loading this
 * URL (same rule as the default layout), inside an error boundary that shows the error page.
 */
export function PageOutlet() {
  const location = useLocation();
  const pageError = useAppSelector((s) => s.site.pageError);
  const url = pathWithQuery(location);
  const serverError = pageError && pageError.url === url ? pageError : null;
  return (
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
  );
}
