import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useNavCounts } from '../../features/social/hooks/use-nav-counts';
import { TitleCountContext } from '../../lib/title-prefix';
import { useAppBadge } from './app-badge';

type NavCounts = { unread: number; newLikes: number };

const NavCountsContext = createContext<NavCounts>({ unread: 0, newLikes: 0 });

/**
 * The navigation counts (unread messages, new likes) for the layout's badges, the title prefix and the app badge.
 * The lists behind them re-render this provider whenever they poll or the live stream opens; the layout it wraps (the
 * whole page) renders again only where a count is read, and only when a count changed.
 */
export function NavCountsProvider({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const { unread, newLikes } = useNavCounts(loggedIn);
  useAppBadge(loggedIn, unread + newLikes);
  const counts = useMemo(() => ({ unread, newLikes }), [unread, newLikes]);
  return (
    <NavCountsContext.Provider value={counts}>
      <TitleCountContext.Provider value={unread + newLikes}>{children}</TitleCountContext.Provider>
    </NavCountsContext.Provider>
  );
}

export const useLayoutNavCounts = (): NavCounts => useContext(NavCountsContext);
