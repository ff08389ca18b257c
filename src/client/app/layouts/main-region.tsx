import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { pathWithQuery } from '../../lib/path-with-query';

/**
 * A layout's `<main>`, the target of the skip link. While the router loads or submits the next page it is
 * `aria-busy`, so assistive technology waits for the new page instead of reading out the one about to go; its
 * `data-path` names the URL whose page it shows (what the browser tests wait for after moving inside the app). Its own
 * component: a navigation's state re-renders it, not the layout around it.
 */
export function MainRegion({ className = 'app-main', children }: { className?: string; children: ReactNode }) {
  const location = useLocation();
  const navigating = useNavigation().state !== 'idle';
  return (
    <main id="main" className={className} tabIndex={-1} aria-busy={navigating || undefined} data-path={pathWithQuery(location)}>
      {children}
    </main>
  );
}
