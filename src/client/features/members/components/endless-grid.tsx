import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigationType } from 'react-router';
import { useSWRConfig, type Cache } from 'swr';
import { Link } from '../../../components/link';
import { useApi } from '../../../lib/api-client';
import { listMembers, membersKey, type MemberPage, type MembersQuery } from '../api/list-members';
import { cameBack, gridPlaceOf, keepGridPlace, type GridPlace } from '../grid-restore';
import { useMembers } from '../hooks/use-members';
import type { GridPagesProps } from './grid-pages-props';
import { MemberGrid, MemberGridItems } from './member-grid';

/** How far below the screen the end of the grid may still be when the next page is asked: about a phone's screen. */
const AHEAD = '0px 0px 800px 0px';
/** Pages appended by scrolling alone; after them only "Show more" appends, so the footer can be reached. */
const AUTO_PAGES = 10;
/** An appended page is not asked again on focus: the first page is (the page's own hook), the others keep their place. */
const APPENDED = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

const pageOf = (cache: Cache, key: string) => cache.get(key)?.data as MemberPage | undefined;

/** A plain left click: a modified one (new tab, new window) stays the browser's. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The member grid of a search, one list that grows (loaded by grid-pages.tsx once the page is interactive): the URL's
 * page (server-rendered) and the pages appended after it, each asked with the cursor of the one before (members.php's
 * keyset `next_cursor`) and held in SWR's cache under its own key (the same key a `?cursor=` URL loads). A member who
 * shows up on two pages is shown once. The next page is asked as the end of the grid comes near (an
 * IntersectionObserver on the pager), and with "Show more", the keyboard's and screen reader's way and the one left
 * when there is no observer; the pages that came are announced politely and the focus stays where it is. Back to the
 * grid (from a profile, or a reload) shows the same pages at the same scroll position (grid-restore.ts); pages SWR
 * still holds are not asked again.
 */
export function EndlessGrid({
  first,
  query,
  hrefOf,
  firstHref,
  cdnPrefix,
  action,
  documentLoad,
}: GridPagesProps & {
  /** Mounted as the document loaded (a reload or the browser's Back keeps the place, a new visit does not). */
  documentLoad: boolean;
}) {
  const intl = useIntl();
  const api = useApi();
  const { cache, mutate } = useSWRConfig();
  const { key: entry, search } = useLocation();
  const navigationType = useNavigationType();
  const pageQuery = (cursor: string): MembersQuery => ({ ...query, cursor });

  // Coming back to this history entry: its pages at once when SWR still holds them all, else after asking them.
  const [start] = useState(() => {
    const place =
      typeof window !== 'undefined' && cameBack(navigationType, documentLoad) ? gridPlaceOf(window.sessionStorage, entry, search) : null;
    const held = place !== null && place.cursors.every((cursor) => pageOf(cache, membersKey(pageQuery(cursor))) !== undefined);
    return { place, held: !documentLoad && held };
  });
  const [cursors, setCursors] = useState<string[]>(() => (start.held && start.place ? start.place.cursors : []));
  /** The page the member's scrolling or "Show more" asked for last: its arrival is announced. */
  const [asked, setAsked] = useState<string | null>(null);
  const restoring = useRef(false);
  const scrollTo = useRef<number | null>(null);
  const focusFrom = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pagerRef = useRef<HTMLElement>(null);
  const kept = useRef<string[]>(cursors);

  const last = cursors.at(-1);
  const tail = useMembers(last !== undefined ? pageQuery(last) : null, APPENDED);
  // What each appended page leaves out: the members of the pages before it.
  const seen = new Set(first.profiles.map((p) => p.id));
  const pages = cursors.map((cursor, index) => {
    const exclude = new Set(seen);
    const data = index === cursors.length - 1 ? tail.data : pageOf(cache, membersKey(pageQuery(cursor)));
    data?.profiles.forEach((p) => seen.add(p.id));
    return { cursor, exclude };
  });
  const added = tail.data && pages.length > 0 ? tail.data.profiles.filter((p) => !pages[pages.length - 1]!.exclude.has(p.id)).length : 0;
  const next = last === undefined ? first.next_cursor : (tail.data?.next_cursor ?? null);
  const loading = last !== undefined && tail.data === undefined && tail.error === undefined;
  const failed = last !== undefined && tail.data === undefined && tail.error !== undefined;
  const pending = loading ? (last ?? null) : next;

  const load = (cursor: string, fromKeyboardOrClick: boolean) => {
    if (restoring.current) return;
    focusFrom.current = fromKeyboardOrClick ? (listRef.current?.children.length ?? null) : null;
    setAsked(cursor);
    setCursors((current) => (current.includes(cursor) ? current : [...current, cursor]));
  };

  // After a reload: the kept pages are asked again (side by side: their cursors are known), then shown together.
  useEffect(() => {
    const place = start.place;
    if (!place || start.held || place.cursors.length === 0) return;
    let live = true;
    restoring.current = true;
    const missing = place.cursors.filter((cursor) => pageOf(cache, membersKey(pageQuery(cursor))) === undefined);
    void Promise.allSettled(
      missing.map((cursor) => mutate(membersKey(pageQuery(cursor)), listMembers(api, pageQuery(cursor)), { revalidate: false })),
    ).then(() => {
      restoring.current = false;
      if (!live) return;
      scrollTo.current = place.scrollY;
      setCursors(place.cursors);
    });
    return () => {
      live = false;
      restoring.current = false;
    };
    // Once, for the entry the grid mounted with (the grid is keyed by its search).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back with every page held: the same place at once, before the browser paints.
  useLayoutEffect(() => {
    if (start.place && (start.held || start.place.cursors.length === 0)) window.scrollTo(0, start.place.scrollY);
  }, [start]);

  useLayoutEffect(() => {
    if (scrollTo.current === null) return;
    window.scrollTo(0, scrollTo.current);
    scrollTo.current = null;
  }, [cursors]);

  // The place of this history entry, kept as the pages change and when the member leaves the grid or the document. The
  // position is the last one he scrolled to: when the grid goes, what stood above it has gone first.
  useLayoutEffect(() => {
    const storage = window.sessionStorage;
    let y = window.scrollY;
    const scrolled = () => {
      y = window.scrollY;
    };
    const keep = () => {
      if (!restoring.current) keepGridPlace(storage, { key: entry, search, cursors: kept.current, scrollY: y } satisfies GridPlace);
    };
    window.addEventListener('scroll', scrolled, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', scrolled);
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [entry, search]);
  useEffect(() => {
    kept.current = cursors;
    if (!restoring.current) keepGridPlace(window.sessionStorage, { key: entry, search, cursors, scrollY: window.scrollY });
  }, [cursors, entry, search]);

  // The last page came after "Show more" took him there: its link is gone, so the focus goes on to the first new card.
  useLayoutEffect(() => {
    if (focusFrom.current === null || loading || next !== null) return;
    const item = listRef.current?.children[focusFrom.current];
    focusFrom.current = null;
    if (item && document.activeElement === document.body) item.querySelector<HTMLElement>('a[href]')?.focus();
  }, [loading, next]);

  // The next page as the end of the grid comes near. A new observer for each page: it reports at once when the end is
  // still near after the page came (a short page, a wide screen).
  const auto = next !== null && !loading && !failed && cursors.length < AUTO_PAGES;
  useEffect(() => {
    const pager = pagerRef.current;
    if (!auto || next === null || !pager || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load(next, false);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(pager);
    return () => observer.disconnect();
  }, [auto, next]);

  let status = '';
  if (failed) status = intl.formatMessage({ id: 'members.moreFailed', defaultMessage: 'More members could not be loaded.' });
  else if (asked !== null && asked === last)
    status = loading
      ? intl.formatMessage({ id: 'members.loadingMore', defaultMessage: 'Loading more members…' })
      : intl.formatMessage(
          { id: 'members.moreShown', defaultMessage: '{count, plural, one {# more member shown} other {# more members shown}}' },
          { count: added },
        );

  return (
    <>
      <MemberGrid profiles={first.profiles} cdnPrefix={cdnPrefix} action={action} listRef={listRef}>
        {pages.map(({ cursor, exclude }) => (
          <AppendedPage key={cursor} query={pageQuery(cursor)} exclude={exclude} cdnPrefix={cdnPrefix} action={action} />
        ))}
      </MemberGrid>
      {firstHref !== null || next !== null || last !== undefined ? (
        <nav className="pager" ref={pagerRef} aria-label={intl.formatMessage({ id: 'members.pages', defaultMessage: 'Pages' })}>
          {firstHref !== null ? (
            <Link className="btn btn-outline-primary" to={firstHref}>
              <FormattedMessage id="members.firstPage" defaultMessage="First page" />
            </Link>
          ) : null}
          {failed && last !== undefined ? (
            <a
              className="btn btn-primary"
              href={hrefOf(last)}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                void tail.mutate();
              }}
            >
              <FormattedMessage id="members.showMore" defaultMessage="Show more" />
            </a>
          ) : pending !== null ? (
            // The same link while its page loads (the focus stays on it), then the next page's.
            <a
              className="btn btn-primary"
              href={hrefOf(pending)}
              aria-disabled={loading || undefined}
              data-testid="next-page"
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                if (!loading && next !== null) load(next, true);
              }}
            >
              {loading ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
              <FormattedMessage id="members.showMore" defaultMessage="Show more" />
            </a>
          ) : null}
        </nav>
      ) : null}
      <p className={failed ? 'text-danger text-center mt-2' : 'visually-hidden'} role="status" aria-live="polite" data-testid="grid-status">
        {status}
      </p>
    </>
  );
}

/** The cards of one appended page, less those an earlier page showed; its own SWR key (the like hearts patch it). */
function AppendedPage({
  query,
  exclude,
  cdnPrefix,
  action,
}: {
  query: MembersQuery;
  exclude: ReadonlySet<number>;
  cdnPrefix: string;
  action?: GridPagesProps['action'];
}) {
  const { data } = useMembers(query, APPENDED);
  if (!data) return null;
  return <MemberGridItems profiles={data.profiles.filter((p) => !exclude.has(p.id))} cdnPrefix={cdnPrefix} action={action} belowFold />;
}
