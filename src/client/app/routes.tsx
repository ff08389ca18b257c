import { useRoutes, type RouteObject } from 'react-router';
import { DefaultLayout, prefetchLayout } from './layouts/default-layout';
import { IndexPage, prefetchIndex } from './pages/index-page';
import { LoginPage } from './pages/login-page';
import { MembersPage, prefetchMembers } from './pages/members-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProfilePage, prefetchProfile } from './pages/profile-page';
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
      { path: 'members/:id', element: <ProfilePage />, handle: handle({ prefetch: prefetchProfile }) },
      { path: 'likes/m/:id', element: <ProfilePage />, handle: handle({ prefetch: prefetchProfile }) },
      { path: '*', element: <NotFoundPage />, handle: handle({ status: 404 }) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
