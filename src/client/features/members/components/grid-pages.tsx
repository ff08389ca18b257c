import { useEffect, useState, type ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { GridPagesProps } from './grid-pages-props';
import { MemberGrid } from './member-grid';

interface EndlessModule {
  EndlessGrid: ComponentType<GridPagesProps & { documentLoad: boolean }>;
}
/** The endless grid's code once loaded (the browser's; the server never loads it: it renders the pages as links). */
let endless: EndlessModule | null = null;

/**
 * The member grid of a search with its pager. The server's HTML (and a browser without JavaScript) has the URL's page
 * and a "Next page" link to the next one by its cursor; once the page is interactive the same grid becomes the endless
 * one (endless-grid.tsx), whose code is loaded then, outside the page's first download: the link turns into "Show
 * more", and pages are appended as the member scrolls. A chunk that fails to load leaves the links, which work.
 */
export function GridPages(props: GridPagesProps) {
  const [loaded, setLoaded] = useState(endless);
  // Whether the grid came with the document (the chunk was not loaded yet): the endless grid then tells a reload from a
  // new visit by the browser's navigation.
  const [documentLoad] = useState(endless === null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    import('./endless-grid').then(
      (module) => {
        endless = module;
        if (live) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (loaded) return <loaded.EndlessGrid {...props} documentLoad={documentLoad} />;
  return <LinkedPages {...props} />;
}

/** The grid and its pager as links, as the server sends it; the same markup the endless grid starts from. */
function LinkedPages({ first, hrefOf, firstHref, cdnPrefix, action }: GridPagesProps) {
  const intl = useIntl();
  return (
    <>
      <MemberGrid profiles={first.profiles} cdnPrefix={cdnPrefix} action={action} />
      {firstHref !== null || first.next_cursor ? (
        <nav className="pager" aria-label={intl.formatMessage({ id: 'members.pages', defaultMessage: 'Pages' })}>
          {firstHref !== null ? (
            <Link className="btn btn-outline-primary" to={firstHref}>
              <FormattedMessage id="members.firstPage" defaultMessage="First page" />
            </Link>
          ) : null}
          {first.next_cursor ? (
            <a className="btn btn-primary" href={hrefOf(first.next_cursor)} data-testid="next-page">
              <FormattedMessage id="members.nextPage" defaultMessage="Next page" />
            </a>
          ) : null}
        </nav>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="grid-status" />
    </>
  );
}
