import { useRoutes, type RouteObject } from 'react-router';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout, prefetchLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { LanderLayout } from './layouts/lander-layout';
import { ChatsPage } from './pages/chats-page';
import { ComplaintsPage } from './pages/complaints-page';
import { ConversationPage, prefetchConversation } from './pages/conversation-page';
import { AccountDeletedPage } from './pages/account-deleted-page';
import { AccountSettingsPage, NotificationsPage, prefetchNotifications } from './pages/account-settings-pages';
import { ActivateDonePage, ActivateErrorPage } from './pages/activate-pages';
import { CompleteSignupPage } from './pages/complete-signup-page';
import { CreditsPage, RepeatOrderPage, TransactionsPage } from './pages/credits-page';
import { IndexPage, prefetchIndex } from './pages/index-page';
import { InfoPageRoute, prefetchInfoPage } from './pages/info-page';
import { LanderPage, prefetchLander } from './pages/lander-page';
import { LangConfigPage } from './pages/lang-config-page';
import { LoginPage } from './pages/login-page';
import { MailChangeDoPage } from './pages/mail-change-do-page';
import { MemberLanderPage, prefetchMemberLander } from './pages/member-lander-page';
import { MembersPage, prefetchMembers } from './pages/members-page';
import { ModerationPage, prefetchModeration } from './pages/moderation-page';
import { MyProfilePage, prefetchMyProfile } from './pages/my-profile-page';
import { NotFoundPage } from './pages/not-found-page';
import { PartnerRedirectPage } from './pages/partner-redirect-page';
import { PricingPage } from './pages/pricing-page';
import { ProfilePage, prefetchProfile } from './pages/profile-page';
import { ResetPasswordDoPage, ResetPasswordPage } from './pages/reset-password-pages';
import { SignupPage } from './pages/signup-page';
import type { RouteHandle } from './route-handle';

const handle = (h: RouteHandle): RouteHandle => h;

/**
 * THE route table, shared by the SSR renderer (matchRoutes + prefetch, StaticRouter) and the browser
 * (BrowserRouter). The catch-all is the 404 page: the router has no other fallback (SPEC §2).
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    handle: handle({ prefetch: prefetchLayout }),
    children: [
      { index: true, element: <IndexPage />, handle: handle({ prefetch: prefetchIndex }) },
      { path: 'login', element: <LoginPage /> },
      { path: 'members', element: <MembersPage />, handle: handle({ prefetch: prefetchMembers }) },
      { path: 'match-finder', element: <MembersPage variant="match-finder" />, handle: handle({ prefetch: prefetchMembers }) },
      { path: 'profile', element: <MyProfilePage />, handle: handle({ prefetch: prefetchMyProfile }) },
      { path: 'members/:id', element: <ProfilePage />, handle: handle({ prefetch: prefetchProfile }) },
      { path: 'likes/m/:id', element: <ProfilePage />, handle: handle({ prefetch: prefetchProfile }) },
      { path: 'signup', element: <SignupPage /> },
      { path: 'members/:id/signup', element: <SignupPage />, handle: handle({ prefetch: prefetchProfile }) },
      { path: 'complete-signup', element: <CompleteSignupPage /> },
      { path: 'activate/done', element: <ActivateDonePage /> },
      { path: 'activate/error', element: <ActivateErrorPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'reset-password/do', element: <ResetPasswordDoPage /> },
      { path: 'mail-change/do', element: <MailChangeDoPage /> },
      { path: 'settings', element: <AccountSettingsPage /> },
      { path: 'notifications', element: <NotificationsPage />, handle: handle({ prefetch: prefetchNotifications }) },
      { path: 'account-deleted', element: <AccountDeletedPage /> },
      { path: 'pages/:token', element: <InfoPageRoute />, handle: handle({ prefetch: prefetchInfoPage }) },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'lang-config', element: <LangConfigPage /> },
      { path: 'complaints', element: <ComplaintsPage /> },
      { path: 'moderation', element: <ModerationPage />, handle: handle({ prefetch: prefetchModeration }) },
      { path: 'chats', element: <ChatsPage /> },
      { path: 'credits', element: <CreditsPage /> },
      { path: 'credits/repeat-order', element: <RepeatOrderPage /> },
      { path: 'credits/:id/:paymentmethod?', element: <CreditsPage /> },
      { path: 'premium', element: <CreditsPage variant="premium" /> },
      { path: 'transactions/:id?', element: <TransactionsPage /> },
      { path: '*', element: <NotFoundPage />, handle: handle({ status: 404 }) },
    ],
  },
  {
    element: <ChatLayout />,
    handle: handle({ prefetch: prefetchLayout }),
    children: [
      { path: 'chats/:id', element: <ConversationPage kind="conversation" />, handle: handle({ prefetch: prefetchConversation('conversation') }) },
      { path: 'members/:id/chat', element: <ConversationPage kind="member" />, handle: handle({ prefetch: prefetchConversation('member') }) },
    ],
  },
  {
    element: <LanderLayout />,
    children: [
      { path: 'landers/:variant/:slug?', element: <LanderPage />, handle: handle({ prefetch: prefetchLander }) },
      { path: 'members/:id/landing', element: <MemberLanderPage kind="landing" />, handle: handle({ prefetch: prefetchMemberLander }) },
      { path: 'members/:id/landing2/:slug?', element: <MemberLanderPage kind="landing2" />, handle: handle({ prefetch: prefetchMemberLander }) },
      { path: 'members/:id/landing3/:slug?', element: <MemberLanderPage kind="landing3" />, handle: handle({ prefetch: prefetchMemberLander }) },
    ],
  },
  {
    element: <EmptyLayout />,
    children: [{ path: 'partner-redirect', element: <PartnerRedirectPage /> }],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
