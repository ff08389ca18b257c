import { Suspense, useState, type ComponentType } from 'react';
import { useCurrentUser } from '../../lib/store/store';
import { lazyComponent, type LazyComponent } from '../lazy-component';

const load = () => import('./member-parts');

/** The module of the members' chunk, as the BFF's manifest map names it (the server adds its modulepreload links). */
export const MEMBER_PARTS_MODULE = 'src/client/app/layouts/member-parts';

const parts = {
  navItems: lazyComponent(load, (m) => m.MemberNavItems),
  tabBar: lazyComponent(load, (m) => m.MemberTabBar),
  banners: lazyComponent(load, (m) => m.MemberBanners),
  popups: lazyComponent(load, (m) => m.MemberPopups),
  effects: lazyComponent(load, (m) => m.MemberEffects),
  realtime: lazyComponent(load, (m) => m.ChatRealtime),
};

/**
 * Loads the members' chunk: the server before rendering any page, the browser before hydrating a member's page, so
 * the first render of a member part is the part itself — same HTML on both sides, no suspense, no mismatch.
 */
export async function preloadMemberParts(): Promise<void> {
  await Promise.all(Object.values(parts).map((part) => part.preload()));
}

/**
 * A member part of a layout: nothing for a visitor (whose page never loads the members' chunk); for a member the
 * part, straight away when the chunk is here (server render, hydration), else (a visitor who just logged in) as soon
 * as it arrives, with nothing in its place meanwhile. A chunk that fails to load reloads the page at most once per
 * 60 s (lazy-component.tsx).
 */
function memberOnly<P extends object>(Part: LazyComponent<P>): ComponentType<P> {
  function MemberPart(props: P) {
    const user = useCurrentUser();
    const [wrap] = useState(() => !Part.loaded());
    if (!user) return null;
    if (!wrap) return <Part {...props} />;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return MemberPart;
}

export const MemberNavItems = memberOnly(parts.navItems);
export const MemberTabBar = memberOnly(parts.tabBar);
export const MemberBanners = memberOnly(parts.banners);
export const MemberPopups = memberOnly(parts.popups);
export const MemberEffects = memberOnly(parts.effects);
export const MemberChatRealtime = memberOnly(parts.realtime);
