import type { ReactNode } from 'react';
import type { MemberPage, MembersQuery } from '../api/list-members';
import type { ProfileSummary } from './member-card';

/** What the member grid with its pager takes (grid-pages.tsx), and its endless form (endless-grid.tsx) too. */
export interface GridPagesProps {
  /** The page of the URL (its loader's answer). */
  first: MemberPage;
  /** The search of that page (its cursor too, when the URL has one). */
  query: MembersQuery;
  /** The page's URL that opens the page of a cursor. */
  hrefOf: (cursor: string) => string;
  /** The search's first page, when the URL's page is a later one. */
  firstHref: string | null;
  cdnPrefix: string;
  action?: ((profile: ProfileSummary) => ReactNode) | undefined;
}
