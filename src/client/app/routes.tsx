import type { RouteObject } from 'react-router';
import { DefaultLayout } from './layouts/default-layout';
import { ErrorPageFailed } from './pages/error-page';
import { NotFoundPage } from './pages/not-found-page';
import { layoutRoute, pageRoute } from './page-route';
import type { RouteHandle } from './route-handle';

const handle = (h: RouteHandle): RouteHandle => h;

/** A likes tab that exists streams; an unknown one is a 404, decided before the first byte (likes-pages.tsx). */
const likesTabExists = (params: Readonly<Record<string, string | undefined>>) =>
  params.type === undefined || ['received', 'given', 'matches'].includes(params.type);

/**
 * THE route table, shared by the SSR renderer (createStaticHandler + StaticRouterProvider) and the browser
 * (createBrowserRouter + RouterProvider). Each page is a `pageRoute` (its chunk and loader come with the router's
 * `lazy`), and so is each layout but the default one (`layoutRoute`). The catch-all is the 404 page: the router has no other fallback. A layout that fails to render shows the
 * bare error page.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    ErrorBoundary: ErrorPageFailed,
    children: [
      {
        index: true,
        ...pageRoute(
          'index-page',
          () => import('./pages/index-page'),
          (m) => ({ Component: m.IndexPage, loader: m.indexLoader }),
        ),
      },
      {
        path: 'login',
        ...pageRoute(
          'login-page',
          () => import('./pages/login-page'),
          (m) => ({ Component: m.LoginPage, action: m.loginAction }),
        ),
      },
      {
        // The logout button's form without JavaScript (its action); opened as a page, the login page.
        path: 'logout',
        ...pageRoute(
          'login-page',
          () => import('./pages/login-page'),
          (m) => ({ Component: m.LoginPage, action: m.logoutAction }),
        ),
      },
      {
        // The mailed link to a member's data archive: on to the download, through the login page when logged out.
        path: 'data-export/download',
        ...pageRoute(
          'data-download-page',
          () => import('./pages/data-download-page'),
          (m) => ({ Component: m.DataDownloadPage, loader: m.dataDownloadLoader }),
        ),
      },
      {
        path: 'login-link',
        ...pageRoute(
          'login-link-page',
          () => import('./pages/login-link-page'),
          (m) => ({ Component: m.LoginLinkPage, action: m.loginLinkAction }),
        ),
      },
      {
        path: 'members',
        ...pageRoute(
          'members-page',
          () => import('./pages/members-page'),
          (m) => ({ Component: m.MembersPage, loader: m.membersLoader }),
          { stream: () => true },
        ),
      },
      {
        path: 'match-finder',
        ...pageRoute(
          'likes-pages',
          () => import('./pages/likes-pages'),
          (m) => ({ Component: m.MatchFinderPage, loader: m.matchFinderLoader, action: m.matchFinderAction }),
        ),
      },
      {
        path: 'likes/:type?',
        ...pageRoute(
          'likes-pages',
          () => import('./pages/likes-pages'),
          (m) => ({ Component: m.LikesPage, loader: m.likesLoader }),
          { stream: likesTabExists },
        ),
      },
      {
        path: 'visitors',
        ...pageRoute(
          'visitors-page',
          () => import('./pages/visitors-page'),
          (m) => ({ Component: m.VisitorsPage, loader: m.visitorsLoader, action: m.visitorsAction }),
        ),
      },
      {
        path: 'swipe-game',
        ...pageRoute(
          'likes-pages',
          () => import('./pages/likes-pages'),
          (m) => ({ Component: m.SwipeGamePage, loader: m.swipeGameLoader, action: m.swipeAction }),
        ),
      },
      {
        path: 'signup-matches',
        ...pageRoute(
          'likes-pages',
          () => import('./pages/likes-pages'),
          (m) => ({ Component: m.SignupMatchesPage, loader: m.signupMatchesLoader }),
        ),
      },
      {
        path: 'profile',
        ...pageRoute(
          'my-profile-page',
          () => import('./pages/my-profile-page'),
          (m) => ({ Component: m.MyProfilePage, loader: m.myProfileLoader, action: m.myProfileAction }),
        ),
      },
      {
        path: 'verification',
        ...pageRoute(
          'verification-page',
          () => import('./pages/verification-page'),
          (m) => ({ Component: m.VerificationPage, loader: m.verificationLoader, action: m.verificationAction }),
        ),
      },
      {
        path: 'sexual-health',
        ...pageRoute(
          'sexual-health-page',
          () => import('./pages/sexual-health-page'),
          (m) => ({ Component: m.SexualHealthPage, loader: m.sexualHealthLoader, action: m.sexualHealthAction }),
        ),
      },
      {
        path: 'albums/shares',
        ...pageRoute(
          'album-shares-page',
          () => import('./pages/album-shares-page'),
          (m) => ({ Component: m.AlbumSharesPage, loader: m.albumSharesLoader, action: m.albumSharesAction }),
        ),
      },
      {
        path: 'members/:id',
        ...pageRoute(
          'profile-page',
          () => import('./pages/profile-page'),
          (m) => ({ Component: m.ProfilePage, loader: m.profileLoader, action: m.profileAction }),
        ),
      },
      {
        path: 'likes/m/:id',
        ...pageRoute(
          'profile-page',
          () => import('./pages/profile-page'),
          (m) => ({ Component: m.ProfilePage, loader: m.profileLoader, action: m.profileAction }),
        ),
      },
      {
        path: 'signup',
        ...pageRoute(
          'signup-page',
          () => import('./pages/signup-page'),
          (m) => ({ Component: m.SignupPage, action: m.signupAction }),
        ),
      },
      {
        path: 'members/:id/report',
        ...pageRoute(
          'report-page',
          () => import('./pages/report-page'),
          (m) => ({ Component: m.ReportPage, loader: m.reportLoader, action: m.reportAction }),
        ),
      },
      {
        path: 'members/:id/signup',
        ...pageRoute(
          'signup-page',
          () => import('./pages/signup-page'),
          async (m) => ({
            Component: m.SignupPage,
            loader: (await import('./pages/profile-page')).profileLoader,
            action: m.signupAction,
          }),
        ),
      },
      {
        path: 'complete-signup',
        ...pageRoute(
          'complete-signup-page',
          () => import('./pages/complete-signup-page'),
          (m) => ({ Component: m.CompleteSignupPage, action: m.completeSignupAction }),
        ),
      },
      {
        path: 'activate/done',
        ...pageRoute(
          'activate-pages',
          () => import('./pages/activate-pages'),
          (m) => ({ Component: m.ActivateDonePage, action: m.activateAction }),
        ),
      },
      {
        path: 'activate/error',
        ...pageRoute(
          'activate-pages',
          () => import('./pages/activate-pages'),
          (m) => ({ Component: m.ActivateErrorPage, action: m.resendActivationAction }),
        ),
      },
      {
        path: 'reset-password',
        ...pageRoute(
          'reset-password-pages',
          () => import('./pages/reset-password-pages'),
          (m) => ({ Component: m.ResetPasswordPage, action: m.resetRequestAction }),
        ),
      },
      {
        path: 'reset-password/do',
        ...pageRoute(
          'reset-password-pages',
          () => import('./pages/reset-password-pages'),
          (m) => ({ Component: m.ResetPasswordDoPage, loader: m.resetPasswordDoLoader, action: m.resetPasswordAction }),
        ),
      },
      {
        path: 'mail-change/do',
        ...pageRoute(
          'mail-change-do-page',
          () => import('./pages/mail-change-do-page'),
          (m) => ({ Component: m.MailChangeDoPage, action: m.mailChangeAction }),
        ),
      },
      {
        path: 'settings',
        ...pageRoute(
          'account-settings-pages',
          () => import('./pages/account-settings-pages'),
          (m) => ({ Component: m.AccountSettingsPage, loader: m.accountSettingsLoader, action: m.settingsAction }),
        ),
      },
      {
        path: 'notifications',
        ...pageRoute(
          'account-settings-pages',
          () => import('./pages/account-settings-pages'),
          (m) => ({ Component: m.NotificationsPage, loader: m.notificationsLoader, action: m.notificationsAction }),
        ),
      },
      {
        path: 'account-deleted',
        ...pageRoute(
          'account-deleted-page',
          () => import('./pages/account-deleted-page'),
          (m) => ({ Component: m.AccountDeletedPage, action: m.reactivateAction }),
        ),
      },
      {
        path: 'pages/:token',
        ...pageRoute(
          'info-page',
          () => import('./pages/info-page'),
          (m) => ({ Component: m.InfoPageRoute, loader: m.infoPageLoader }),
        ),
      },
      {
        path: 'pricing',
        ...pageRoute(
          'pricing-page',
          () => import('./pages/pricing-page'),
          (m) => ({ Component: m.PricingPage }),
        ),
      },
      {
        path: 'me',
        ...pageRoute(
          'me-page',
          () => import('./pages/me-page'),
          (m) => ({ Component: m.MePage }),
        ),
      },
      {
        path: 'lang-config',
        ...pageRoute(
          'lang-config-page',
          () => import('./pages/lang-config-page'),
          (m) => ({ Component: m.LangConfigPage }),
        ),
      },
      {
        path: 'complaints',
        ...pageRoute(
          'complaints-page',
          () => import('./pages/complaints-page'),
          (m) => ({ Component: m.ComplaintsPage, action: m.complaintsAction }),
        ),
      },
      {
        path: 'moderation',
        ...pageRoute(
          'moderation-page',
          () => import('./pages/moderation-page'),
          (m) => ({ Component: m.ModerationPage, loader: m.moderationLoader, action: m.photoModerationAction }),
        ),
      },
      {
        path: 'moderation/transparency',
        ...pageRoute(
          'transparency-page',
          () => import('./pages/transparency-page'),
          (m) => ({ Component: m.TransparencyPage, loader: m.transparencyLoader }),
        ),
      },
      {
        path: 'moderation/reports',
        ...pageRoute(
          'moderation-page',
          () => import('./pages/moderation-page'),
          (m) => ({
            Component: m.ModerationPage,
            props: { tab: 'reports' },
            loader: m.reportModerationLoader,
            action: m.reportModerationAction,
          }),
        ),
      },
      {
        path: 'moderation/verifications',
        ...pageRoute(
          'verification-queue-page',
          () => import('./pages/verification-queue-page'),
          (m) => ({ Component: m.VerificationQueuePage, loader: m.verificationQueueLoader, action: m.verificationQueueAction }),
        ),
      },
      {
        path: 'moderation/team',
        ...pageRoute(
          'team-page',
          () => import('./pages/team-page'),
          (m) => ({ Component: m.TeamPage, loader: m.teamLoader, action: m.teamAction }),
        ),
      },
      {
        path: 'moderation/appeals',
        ...pageRoute(
          'moderation-page',
          () => import('./pages/moderation-page'),
          (m) => ({
            Component: m.ModerationPage,
            props: { tab: 'appeals' },
            loader: m.appealModerationLoader,
            action: m.appealModerationAction,
          }),
        ),
      },
      {
        path: 'safety',
        ...pageRoute(
          'account-settings-pages',
          () => import('./pages/account-settings-pages'),
          (m) => ({ Component: m.SafetyPage, loader: m.safetyLoader }),
        ),
      },
      {
        path: 'safety/statements/:id',
        ...pageRoute(
          'statement-page',
          () => import('./pages/statement-page'),
          (m) => ({ Component: m.StatementPage, loader: m.statementLoader, action: m.statementAction }),
        ),
      },
      {
        path: 'report-content',
        ...pageRoute(
          'report-content-page',
          () => import('./pages/report-content-page'),
          (m) => ({ Component: m.ReportContentPage, action: m.reportContentAction }),
        ),
      },
      {
        path: 'credits',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.CreditsPage, loader: m.creditsLoader }),
        ),
      },
      {
        path: 'credits/repeat-order',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.RepeatOrderPage, loader: m.repeatOrderLoader }),
        ),
      },
      {
        path: 'credits/:id/:paymentmethod?',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.CreditsPage, loader: m.creditsLoader, action: m.payAction }),
        ),
      },
      {
        path: 'premium',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.CreditsPage, loader: m.creditsLoader, props: { variant: 'premium' } }),
        ),
      },
      {
        path: 'transactions/:id?',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.TransactionsPage, loader: m.transactionsLoader, action: m.transactionsAction }),
        ),
      },
      {
        path: 'directdebit',
        ...pageRoute(
          'credits-page',
          () => import('./pages/credits-page'),
          (m) => ({ Component: m.DirectDebitPage, loader: m.directDebitLoader, action: m.directDebitAction }),
        ),
      },
      {
        path: 'chats',
        ...pageRoute(
          'chats-page',
          () => import('./pages/chats-page'),
          (m) => ({ Component: m.ChatsPage, loader: m.chatsLoader }),
          { stream: () => true },
        ),
      },
      { path: '*', element: <NotFoundPage />, handle: handle({ status: 404 }) },
    ],
  },
  {
    ...layoutRoute(
      'chat-layout',
      () => import('./layouts/chat-layout'),
      (m) => m.ChatLayout,
    ),
    ErrorBoundary: ErrorPageFailed,
    children: [
      {
        path: 'chats/:id',
        ...pageRoute(
          'conversation-page',
          () => import('./pages/conversation-page'),
          (m) => ({
            Component: m.ConversationPage,
            props: { kind: 'conversation' },
            loader: m.conversationLoader,
            action: m.conversationAction,
          }),
        ),
      },
      {
        path: 'members/:id/chat',
        ...pageRoute(
          'conversation-page',
          () => import('./pages/conversation-page'),
          (m) => ({
            Component: m.ConversationPage,
            props: { kind: 'member' },
            loader: m.memberConversationLoader,
            action: m.conversationAction,
          }),
        ),
      },
    ],
  },
  {
    ...layoutRoute(
      'lander-layout',
      () => import('./layouts/lander-layout'),
      (m) => m.LanderLayout,
    ),
    ErrorBoundary: ErrorPageFailed,
    children: [
      {
        path: 'landers/:variant/:slug?',
        ...pageRoute(
          'lander-page',
          () => import('./pages/lander-page'),
          (m) => ({ Component: m.LanderPage, loader: m.landerLoader }),
        ),
      },
      {
        path: 'members/:id/landing',
        ...pageRoute(
          'member-lander-page',
          () => import('./pages/member-lander-page'),
          (m) => ({ Component: m.MemberLanderPage, loader: m.memberLanderLoader, props: { kind: 'landing' } }),
        ),
      },
      {
        path: 'members/:id/landing2/:slug?',
        ...pageRoute(
          'member-lander-page',
          () => import('./pages/member-lander-page'),
          (m) => ({ Component: m.MemberLanderPage, loader: m.memberLanderLoader, props: { kind: 'landing2' } }),
        ),
      },
      {
        path: 'members/:id/landing3/:slug?',
        ...pageRoute(
          'member-lander-page',
          () => import('./pages/member-lander-page'),
          (m) => ({ Component: m.MemberLanderPage, loader: m.memberLanderLoader, props: { kind: 'landing3' } }),
        ),
      },
    ],
  },
  {
    ...layoutRoute(
      'empty-layout',
      () => import('./layouts/empty-layout'),
      (m) => m.EmptyLayout,
    ),
    ErrorBoundary: ErrorPageFailed,
    children: [
      {
        path: 'partner-redirect',
        ...pageRoute(
          'partner-redirect-page',
          () => import('./pages/partner-redirect-page'),
          (m) => ({ Component: m.PartnerRedirectPage }),
        ),
      },
    ],
  },
];
