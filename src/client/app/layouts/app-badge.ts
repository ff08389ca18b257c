import { useEffect } from 'react';

/**
 * The installed app's badge (navigator.setAppBadge): unread messages plus new likes while logged in,
 * cleared otherwise — also right after logging out, which is why it lives in the layouts and not in the members'
 * chunk (member-shell.tsx).
 */
export function useAppBadge(loggedIn: boolean, count: number): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
    const badge = navigator as Navigator & { setAppBadge(n?: number): Promise<void>; clearAppBadge(): Promise<void> };
    (loggedIn && count > 0 ? badge.setAppBadge(count) : badge.clearAppBadge()).catch(() => undefined);
  }, [loggedIn, count]);
}
