import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/link';
import type { User } from '../../../shared/api/client';
import { CountBadge } from '../../components/count-badge';
import { ChatIcon, HeartIcon, SearchIcon } from '../../components/icons';
import { EyeIcon } from '../../components/member-icons';
import { ActivationReminder, useActivationReminder } from '../../features/accounts/components/activation-reminder';
import { MEMBERS_AREA, useWelcomeBanner, WelcomeBanner } from '../../features/credits/components/time-bonus';
import { usePushAsk, usePushBootstrap } from '../../features/push/member-push';
import { AccountMenu } from '../../features/session/components/account-menu';
import { OwnAvatar } from '../../features/session/components/own-avatar';
import { BalanceLink, CreditsLink } from '../../features/session/components/credits-link';
import { useSessionRefresh } from '../../features/session/hooks/use-session-refresh';
import { useNotice, WarningsArea } from '../../features/shell/components/warnings-area';
import { StatementNotice, useStatementNotice } from '../../features/safety/components/statement-notice';
import { LanguageDropdown } from '../../features/site/components/language-dropdown';
import { useLanguageOfferShown } from '../../features/site/language-offer-shown';
import { useLiveNavCounts } from '../../features/social/hooks/use-live-nav-counts';
import { useOutboxWake } from '../../features/chat/outbox/use-outbox-wake';
import { useRoutePreload } from '../../hooks/use-route-preload';
import { useAppSelector, useCurrentUser, useSettings } from '../../lib/store/store';
import { ChatRealtime } from './chat-realtime';
import { useLayoutNavCounts } from './nav-counts';

/**
 * The parts of the layouts that only a logged-in member ever sees or runs: the member's navigation, the
 * banners above the page, the time-bonus modal, the like pop-ups, the event stream with its toasts, the session poll
 * and the push state. One chunk, outside every page's entry; member-shell.tsx mounts each part for members only and
 * loads the chunk before rendering a member's page (server) or hydrating it (browser), so both render the same HTML.
 */

/** The unread messages' count on the messages link and the chats tab. */
function UnreadBadge({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <CountBadge
      count={count}
      tone="unread"
      label={intl.formatMessage(
        { id: 'nav.unreadCount', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' },
        { count },
      )}
    />
  );
}

/** The new likes' count on the likes link and tab. */
function NewLikesBadge({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <CountBadge
      count={count}
      tone="primary"
      label={intl.formatMessage(
        { id: 'nav.newLikesCount', defaultMessage: '{count, plural, one {# new like} other {# new likes}}' },
        { count },
      )}
    />
  );
}

/**
 * The Visitors link with the count of new footprints (user.php's `counts.footprints`; the Visitors page sets it to 0).
 * Not a tab: it stays in the top bar on phones too.
 */
function VisitorsLink() {
  const intl = useIntl();
  const count = useAppSelector((s) => s.session.counts?.footprints ?? 0);
  return (
    <NavLink to="/visitors" className="nav-icon-link" data-testid="nav-visitors">
      <EyeIcon />
      <span className="nav-label">
        <FormattedMessage id="nav.visitors" defaultMessage="Visitors" />
      </span>
      <CountBadge
        count={count}
        tone="primary"
        label={intl.formatMessage(
          { id: 'nav.newVisitorsCount', defaultMessage: '{count, plural, one {# new visitor} other {# new visitors}}' },
          { count },
        )}
      />
    </NavLink>
  );
}

/**
 * The member's items of the top navigation (top-nav.tsx renders a visitor's). On phones the bar keeps the logo, the
 * balance (and Get Premium for a member who has not bought credits), the language and the invisible mark; the items
 * marked `nav-tabbed` are the tab bar's there (MemberTabBar). The balance shows on every member page of the layout.
 */
export function MemberNavItems({ user, unread, newLikes, cdnPrefix }: { user: User; unread: number; newLikes: number; cdnPrefix: string }) {
  const settings = useSettings();
  return (
    <>
      <li className="nav-tabbed">
        <NavLink to="/members" end className="nav-icon-link">
          <SearchIcon />
          <span className="nav-label">
            <FormattedMessage id="nav.search" defaultMessage="Search members" />
          </span>
        </NavLink>
      </li>
      <li className="nav-tabbed">
        <NavLink to="/chats" className="nav-icon-link">
          <ChatIcon />
          <span className="nav-label">
            <FormattedMessage id="nav.messages" defaultMessage="Messages" />
          </span>
          <UnreadBadge count={unread} />
        </NavLink>
      </li>
      <li className="nav-tabbed">
        <NavLink to="/likes" className="nav-icon-link">
          <HeartIcon />
          <span className="nav-label">
            <FormattedMessage id="nav.likes" defaultMessage="Likes" />
          </span>
          <NewLikesBadge count={newLikes} />
        </NavLink>
      </li>
      <li>
        <VisitorsLink />
      </li>
      {user.paid_user ? null : (
        <li>
          <BalanceLink credits={user.credits} to="/credits" />
        </li>
      )}
      <li>
        <CreditsLink paidUser={user.paid_user} credits={user.credits} resell={settings.member_resell} />
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
      <li className="nav-tabbed">
        <AccountMenu user={user} cdnPrefix={cdnPrefix} />
      </li>
    </>
  );
}

/** The pages of the "me" tab: the member's own profile, money, settings and the console. */
const ME_SECTION =
  /^\/(?:me|profile|settings|notifications|safety|credits|premium|transactions|directdebit|moderation|lang-config)(?:\/|$)/;

const TABS: Array<{ to: string; section: RegExp }> = [
  { to: '/members', section: /^\/(?:members|match-finder|swipe-game)(?:\/|$)/ },
  { to: '/likes', section: /^\/likes(?:\/|$)/ },
  { to: '/chats', section: /^\/chats(?:\/|$)/ },
  { to: '/me', section: ME_SECTION },
];

/**
 * The member's tab bar on phones: members, likes, chats and "me", with the new-likes and unread badges, at the
 * bottom of the screen within the thumb's reach (above the home indicator: safe-area aware). Wider screens keep the
 * top navigation and hide it. A tab is marked as the current page on its own page and highlighted across its section
 * (a profile belongs to "members", the credits to "me"). The tab's page starts loading when the finger lands.
 */
export function MemberTabBar() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { unread, newLikes } = useLayoutNavCounts();
  const user = useCurrentUser();
  const { cdn_prefix: cdnPrefix } = useSettings();
  const preload = useRoutePreload();
  if (!user) return null;
  const content: Record<string, ReactNode> = {
    '/members': (
      <>
        <SearchIcon />
        <span className="app-tab-label">
          <FormattedMessage id="nav.tab.members" defaultMessage="Members" />
        </span>
      </>
    ),
    '/likes': (
      <>
        <HeartIcon />
        <span className="app-tab-label">
          <FormattedMessage id="nav.likes" defaultMessage="Likes" />
        </span>
        <NewLikesBadge count={newLikes} />
      </>
    ),
    '/chats': (
      <>
        <ChatIcon />
        <span className="app-tab-label">
          <FormattedMessage id="nav.tab.chats" defaultMessage="Chats" />
        </span>
        <UnreadBadge count={unread} />
      </>
    ),
    '/me': (
      <>
        <OwnAvatar user={user} cdnPrefix={cdnPrefix} className="app-tab-avatar" size={24} />
        <span className="app-tab-label">
          <FormattedMessage id="nav.tab.me" defaultMessage="Me" />
        </span>
      </>
    ),
  };
  return (
    <nav className="app-tabs" aria-label={intl.formatMessage({ id: 'nav.tabs', defaultMessage: 'Tabs' })}>
      <ul>
        {TABS.map(({ to, section }) => (
          <li key={to}>
            <Link
              to={to}
              className={section.test(pathname) ? 'app-tab active' : 'app-tab'}
              aria-current={pathname === to ? 'page' : undefined}
              onPointerDown={() => preload(to)}
            >
              {content[to]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The one place that decides which prompt a member sees: at most one banner at a time, most urgent first —
 * 1. the language offer of a first visit (the layout's slot above this one, language-offer-slot.tsx: nothing shows
 *    here while it does — he may not read the others in the page's language),
 * 2. confirm your e-mail (the activation reminder: until then his messages reach nobody),
 * 3. a decision about him whose statement of reasons he has not opened yet (a warning, a restriction, removed
 *    content: features/safety/components/statement-notice.tsx), until he opens it,
 * 4. e-mail notifications switched off (his mail stopped: he misses messages and likes),
 * 5. add a profile photo,
 * 6. the welcome discount (the time bonus's banner),
 * 7. and last the push ask (only after a match or a message).
 * Each is dismissible and remembers that, and the next one takes its place. The first six are known on the server
 * and sit above the page's content in the flow (no layout shift), on a phone within a fifth of the screen's height
 * (`.prompt-slot`); the push ask comes later as a sheet at the bottom, within a sixth.
 */
export function MemberBanners() {
  const languageOffer = useLanguageOfferShown();
  const activation = useActivationReminder();
  const statement = useStatementNotice();
  const notice = useNotice();
  const bonus = useWelcomeBanner();
  const push = usePushAsk();
  if (languageOffer) return null;
  if (activation || statement || notice || bonus.show)
    return (
      <div className="container prompt-slot">
        {activation ? <ActivationReminder /> : statement ? <StatementNotice /> : notice ? <WarningsArea /> : <WelcomeBanner />}
      </div>
    );
  return push ? (
    <Suspense fallback={null}>
      <PushAlert />
    </Suspense>
  ) : null;
}

/** The push ask's banner and its button: only in the browser, after a meaningful moment, so loaded then. */
const PushAlert = lazy(() => import('../../features/push/components/push-alert').then((m) => ({ default: m.PushAlert })));

/**
 * A member's like pop-ups: they only ever open after the page is up (a poll, a like, `?t=`), so their code loads
 * after hydration, in a chunk of their own. The server renders nothing for them, as their first render was nothing
 * anyway.
 */
const LikePopups = lazy(() => import('../../features/likes/components/like-popups').then((m) => ({ default: m.LikePopups })));

/**
 * The time-bonus modal: it opens 40 seconds into the members area at the earliest (its first render is nothing), so
 * its code loads after hydration, in a chunk of its own.
 */
const TimeBonusModal = lazy(() =>
  import('../../features/credits/components/time-bonus-modal').then((m) => ({ default: m.TimeBonusModal })),
);

const noSubscription = () => () => undefined;

/**
 * The default layout's modal and pop-ups, once hydrated: the time-bonus modal and the like pop-ups. The time bonus's
 * 40 seconds run from the member's first entry into the members area, wherever he goes next: taken here, with the
 * page, so the modal's own chunk arriving later does not move it.
 */
export function MemberPopups() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const inArea = MEMBERS_AREA.test(useLocation().pathname);
  const enteredAt = useRef<number | null>(null);
  useEffect(() => {
    if (inArea && enteredAt.current === null) enteredAt.current = Date.now();
  }, [inArea]);
  return (
    <>
      {hydrated ? (
        <Suspense fallback={null}>
          <TimeBonusModal inArea={inArea} enteredAt={enteredAt} />
          <LikePopups />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The member's background work on every page: the session poll, the live navigation counts, the push state (and with
 * it the service worker) and the chat outbox's messages waiting for the network.
 */
export function MemberEffects() {
  useSessionRefresh(true);
  useLiveNavCounts(true);
  usePushBootstrap(true);
  useOutboxWake(useCurrentUser()?.id ?? null);
  return null;
}

export { ChatRealtime };
