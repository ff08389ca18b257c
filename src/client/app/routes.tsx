import { useRoutes, type RouteObject } from 'react-router';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { LanderLayout } from './layouts/lander-layout';
import { lazyRoute } from './lazy-route';
import { NotFoundPage } from './pages/not-found-page';
import type { RouteHandle } from './route-handle';

const handle = (h: RouteHandle): RouteHandle => h;

/** A likes tab that exists streams; an unknown one is a 404, decided before the first byte (likes-pages.tsx). */
const likesTabExists = (params: Readonly<Record<string, string | undefined>>) =>
  params.type === undefined || ['received', 'given', 'matches'].includes(params.type);

/**
 * THE route table, shared by the SSR renderer (matchRoutes + prefetch, StaticRouter) and the browser
 * (BrowserRouter). The catch-all is the 404 page: the router has no other fallback.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    children: [
      { index: true, ...lazyRoute(() => import('./pages/index-page'), 'IndexPage', { prefetch: 'prefetchIndex' }) },
      { path: 'login', ...lazyRoute(() => import('./pages/login-page'), 'LoginPage') },
      { path: 'login-link', ...lazyRoute(() => import('./pages/login-link-page'), 'LoginLinkPage') },
      {
        path: 'members',
        ...lazyRoute(() => import('./pages/members-page'), 'MembersPage', { prefetch: 'prefetchMembers', stream: () => true }),
      },
      { path: 'match-finder', ...lazyRoute(() => import('./pages/likes-pages'), 'MatchFinderPage', { prefetch: 'prefetchMatchFinder' }) },
      {
        path: 'likes/:type?',
        ...lazyRoute(() => import('./pages/likes-pages'), 'LikesPage', { prefetch: 'prefetchLikes', stream: likesTabExists }),
      },
      { path: 'swipe-game', ...lazyRoute(() => import('./pages/likes-pages'), 'SwipeGamePage') },
      {
        path: 'signup-matches',
        ...lazyRoute(() => import('./pages/likes-pages'), 'SignupMatchesPage', { prefetch: 'prefetchSignupMatches' }),
      },
      { path: 'profile', ...lazyRoute(() => import('./pages/my-profile-page'), 'MyProfilePage', { prefetch: 'prefetchMyProfile' }) },
      { path: 'members/:id', ...lazyRoute(() => import('./pages/profile-page'), 'ProfilePage', { prefetch: 'prefetchProfile' }) },
      { path: 'likes/m/:id', ...lazyRoute(() => import('./pages/profile-page'), 'ProfilePage', { prefetch: 'prefetchProfile' }) },
      { path: 'signup', ...lazyRoute(() => import('./pages/signup-page'), 'SignupPage') },
      {
        path: 'members/:id/signup',
        ...lazyRoute(() => import('./pages/signup-page'), 'SignupPage', {
          prefetch: async (ctx) => (await import('./pages/profile-page')).prefetchProfile(ctx),
        }),
      },
      { path: 'complete-signup', ...lazyRoute(() => import('./pages/complete-signup-page'), 'CompleteSignupPage') },
      { path: 'activate/done', ...lazyRoute(() => import('./pages/activate-pages'), 'ActivateDonePage') },
      { path: 'activate/error', ...lazyRoute(() => import('./pages/activate-pages'), 'ActivateErrorPage') },
      { path: 'reset-password', ...lazyRoute(() => import('./pages/reset-password-pages'), 'ResetPasswordPage') },
      { path: 'reset-password/do', ...lazyRoute(() => import('./pages/reset-password-pages'), 'ResetPasswordDoPage') },
      { path: 'mail-change/do', ...lazyRoute(() => import('./pages/mail-change-do-page'), 'MailChangeDoPage') },
      { path: 'settings', ...lazyRoute(() => import('./pages/account-settings-pages'), 'AccountSettingsPage') },
      {
        path: 'notifications',
        ...lazyRoute(() => import('./pages/account-settings-pages'), 'NotificationsPage', { prefetch: 'prefetchNotifications' }),
      },
      { path: 'account-deleted', ...lazyRoute(() => import('./pages/account-deleted-page'), 'AccountDeletedPage') },
      { path: 'pages/:token', ...lazyRoute(() => import('./pages/info-page'), 'InfoPageRoute', { prefetch: 'prefetchInfoPage' }) },
      { path: 'pricing', ...lazyRoute(() => import('./pages/pricing-page'), 'PricingPage') },
      { path: 'lang-config', ...lazyRoute(() => import('./pages/lang-config-page'), 'LangConfigPage') },
      { path: 'complaints', ...lazyRoute(() => import('./pages/complaints-page'), 'ComplaintsPage') },
      { path: 'moderation', ...lazyRoute(() => import('./pages/moderation-page'), 'ModerationPage', { prefetch: 'prefetchModeration' }) },
      { path: 'credits', ...lazyRoute(() => import('./pages/credits-page'), 'CreditsPage') },
      { path: 'credits/repeat-order', ...lazyRoute(() => import('./pages/credits-page'), 'RepeatOrderPage') },
      { path: 'credits/:id/:paymentmethod?', ...lazyRoute(() => import('./pages/credits-page'), 'CreditsPage') },
      { path: 'premium', ...lazyRoute(() => import('./pages/credits-page'), 'CreditsPage', { props: { variant: 'premium' } }) },
      { path: 'transactions/:id?', ...lazyRoute(() => import('./pages/credits-page'), 'TransactionsPage') },
      { path: 'directdebit', ...lazyRoute(() => import('./pages/credits-page'), 'DirectDebitPage') },
      { path: 'chats', ...lazyRoute(() => import('./pages/chats-page'), 'ChatsPage', { prefetch: 'prefetchChats', stream: () => true }) },
      { path: '*', element: <NotFoundPage />, handle: handle({ status: 404 }) },
    ],
  },
  {
    element: <ChatLayout />,
    children: [
      {
        path: 'chats/:id',
        ...lazyRoute(() => import('./pages/conversation-page'), 'ConversationPage', {
          props: { kind: 'conversation' },
          prefetch: async (ctx) => (await import('./pages/conversation-page')).prefetchConversation('conversation')(ctx),
        }),
      },
      {
        path: 'members/:id/chat',
        ...lazyRoute(() => import('./pages/conversation-page'), 'ConversationPage', {
          props: { kind: 'member' },
          prefetch: async (ctx) => (await import('./pages/conversation-page')).prefetchConversation('member')(ctx),
        }),
      },
    ],
  },
  {
    element: <LanderLayout />,
    children: [
      { path: 'landers/:variant/:slug?', ...lazyRoute(() => import('./pages/lander-page'), 'LanderPage', { prefetch: 'prefetchLander' }) },
      {
        path: 'members/:id/landing',
        ...lazyRoute(() => import('./pages/member-lander-page'), 'MemberLanderPage', {
          prefetch: 'prefetchMemberLander',
          props: { kind: 'landing' },
        }),
      },
      {
        path: 'members/:id/landing2/:slug?',
        ...lazyRoute(() => import('./pages/member-lander-page'), 'MemberLanderPage', {
          prefetch: 'prefetchMemberLander',
          props: { kind: 'landing2' },
        }),
      },
      {
        path: 'members/:id/landing3/:slug?',
        ...lazyRoute(() => import('./pages/member-lander-page'), 'MemberLanderPage', {
          prefetch: 'prefetchMemberLander',
          props: { kind: 'landing3' },
        }),
      },
    ],
  },
  {
    element: <EmptyLayout />,
    children: [{ path: 'partner-redirect', ...lazyRoute(() => import('./pages/partner-redirect-page'), 'PartnerRedirectPage') }],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
