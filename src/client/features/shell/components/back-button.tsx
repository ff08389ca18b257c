import { useIntl } from 'react-intl';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useStandalone } from '../../../hooks/use-standalone';

/** Routes that get a back button in the installed app (members-id, likes-type, likes-m-id, credits, credits-id-paymentmethod). */
const BACK_ROUTES = ['/members/:id', '/likes/:type', '/likes/m/:id', '/credits', '/credits/:id/:paymentmethod?'];

export function showsBackButton(pathname: string, standalone: boolean, historyLength: number): boolean {
  if (!standalone || historyLength <= 1) return false;
  if (pathname === '/credits/repeat-order') return false;
  return BACK_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The back button of the top navigation: only in standalone display, with history, on the routes above. */
export function BackButton() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const standalone = useStandalone();
  const historyLength = typeof window === 'undefined' ? 0 : window.history.length;
  if (!showsBackButton(pathname, standalone, historyLength)) return null;
  return (
    <button
      type="button"
      className="nav-back"
      onClick={() => void navigate(-1)}
      aria-label={intl.formatMessage({ id: 'nav.back', defaultMessage: 'Back' })}
      data-testid="nav-back"
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </button>
  );
}
