import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { PageSkeleton } from '../../components/page-skeleton';
import { Seo } from '../../components/seo';
import { canSearchMembers } from '../../features/members/can-search';
import { useMembers } from '../../features/members/hooks/use-members';
import { listMembers, membersKey, type MembersQuery, type SearchFilters } from '../../features/members/api/list-members';
import { filtersFromQuery, GRID_DEFAULT_SORT, queryOfFilters } from '../../features/members/search-query';
import { LikeButton } from '../../features/likes/components/like-button';
import { GridPages } from '../../features/members/components/grid-pages';
import { MemberGrid } from '../../features/members/components/member-grid';
import { MemberFilters } from '../../features/members/components/member-filters';
import { OPEN_PARAM } from '../../features/members/components/filter-chips';
import { preloadSheetForm, SHEET_FORM_MODULE } from '../../features/members/components/sheet-form';
import { NoMembers } from '../../features/members/components/no-members';
import { SearchLoginPrompt } from '../../features/members/components/search-login-prompt';
import { MemberCardReportMenu } from '../../features/safety/components/member-card-report';
import { useRegions } from '../../features/site-data/api/get-regions';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { StreamedContent } from '../streamed';
import { searchOf, prefetchForMember, prefetchKey, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

/** The page's query with one parameter set (or removed, null). */
function withParam(search: URLSearchParams, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  return params.toString();
}

/** The last search of this tab, so "Search members" in the navigation brings it back. */
const LAST_SEARCH = 'members.lastSearch';

/** The search of a URL: its filters, its order (the grid's default when it names none), cursor and traffic source. */
function queryOf(search: URLSearchParams): MembersQuery {
  const filters = filtersFromQuery(search);
  return {
    ...filters,
    sort: filters.sort ?? GRID_DEFAULT_SORT,
    cursor: search.get('cursor') || undefined,
    network: search.get('network') || undefined,
  };
}

export async function membersLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const q = queryOf(searchOf(request));
  // Logged out after all, a stale cursor or a backend without the call: the page shows the prompt or the error.
  const search = () => prefetchKey(membersKey(q), () => listMembers(ctx.api, q));
  // The search goes out with the user call (one wave). The like hearts read `liked` of each card: no
  // likes list; a backend without it makes the hearts load the list in the browser. Nearest first is asked by default;
  // the page's `sort` says whether it applied (it needs the member's shared location), so no other call is needed.
  const data = canSearchMembers(ctx.settings, null, searchOf(request).get('network')) ? search() : prefetchForMember(ctx, search);
  // Asked with the filter sheet open (the Filters link without JavaScript, or tapped before the page hydrated): the
  // sheet's form renders with the page, so the server names its chunk with the page's scripts, and a navigation in the
  // browser loads it beside the data (a chunk that fails to load leaves the sheet to try again when it renders).
  if (searchOf(request).get(OPEN_PARAM) !== 'open') return data;
  ctx.rendersPart?.(SHEET_FORM_MODULE);
  const [result] = await Promise.all([data, preloadSheetForm().catch(() => undefined)]);
  return result;
}

/** The like heart on every card of the grid, and the menu that reports the member. */
const likeAction = (profile: Parameters<typeof LikeButton>[0]['profile']) => (
  <>
    <LikeButton profile={profile} variant="icon" />
    <MemberCardReportMenu profile={profile} />
  </>
);

/**
 * /members: the search with paged results, a result count and similar members. Streamed: the
 * title is in the shell, the results follow the skeleton.
 */
export function MembersPage() {
  const intl = useIntl();
  const settings = useSettings();
  const title = intl.formatMessage({ id: 'members.title', defaultMessage: 'Members' });
  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <StreamedContent skeleton={<PageSkeleton title={title} variant="grid" />}>
        <MembersSearch />
      </StreamedContent>
    </>
  );
}

function MembersSearch() {
  const intl = useIntl();
  const navigate = useNavigate();
  const settings = useSettings();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  // After "report and also block": the report's reference, shown with the block (only a well-formed one).
  const reported = /^R-\d{6,}$/.test(search.get('reported') ?? '') ? search.get('reported') : null;
  const path = '/members';
  const allowed = canSearchMembers(settings, user, search.get('network'));
  const query = queryOf(search);
  const filters = filtersFromQuery(search);
  const filterQuery = queryOfFilters(filters).toString();
  // The country picked in the form (for its region list) until the next search changes the URL.
  const [picked, setPicked] = useState<{ search: string; country: string | undefined } | null>(null);
  const country = picked && picked.search === filterQuery ? picked.country : filters.country;
  const regions = useRegions(country);
  const { data, error } = useMembers(allowed ? query : null);
  // Nearest first is asked by default; it applies for a member who shared his location (the page says which order it
  // is in; a backend that does not say is taken at its word for the order asked).
  const sort = filters.sort ?? data?.sort ?? (user !== null ? GRID_DEFAULT_SORT : 'last_active');

  // Remember the search; coming back without one (e.g. through the navigation) restores it.
  useEffect(() => {
    if (filterQuery) window.sessionStorage.setItem(LAST_SEARCH, filterQuery);
    else if (search.size === 0) {
      const last = window.sessionStorage.getItem(LAST_SEARCH);
      if (last) void navigate(`${path}?${last}`, { replace: true });
    }
  }, [filterQuery, search.size, navigate, path]);

  const onSearch = (next: SearchFilters) => {
    const q = queryOfFilters(next);
    const network = search.get('network');
    if (network) q.set('network', network);
    if (q.size === 0) window.sessionStorage.removeItem(LAST_SEARCH);
    void navigate(q.size > 0 ? `${path}?${q.toString()}` : path);
  };

  const firstQuery = withParam(search, 'cursor', null);
  const firstHref = firstQuery ? `${path}?${firstQuery}` : path;
  const title = intl.formatMessage({ id: 'members.title', defaultMessage: 'Members' });

  let body;
  if (!allowed || (isApiRequestError(error) && error.authenticationRequired)) body = <SearchLoginPrompt />;
  else if (isApiRequestError(error) && error.code === 'location_required')
    // "Nearby" without a shared location: the backend's text in the member's language, and the way to share it.
    body = (
      <div className="alert alert-info" role="alert">
        <p className="mb-1">{error.message}</p>
        <Link className="alert-link" to="/profile#location-heading">
          <FormattedMessage id="location.share" defaultMessage="Share my location" />
        </Link>
      </div>
    );
  else if (error)
    body = (
      // Bootstrap's markup, not reactstrap's Alert (with its transitions): the search page is a member's first page.
      <div className="alert alert-danger" role="alert">
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </div>
    );
  else if (!data) body = <Loading />;
  else
    body = (
      <>
        {data.profiles.length === 0 ? (
          <NoMembers value={filters} regions={regions.data ?? []} member={user !== null} onSearch={onSearch} />
        ) : (
          <GridPages
            key={membersKey(query)}
            first={data}
            query={query}
            hrefOf={(cursor) => `${path}?${withParam(search, 'cursor', cursor)}`}
            firstHref={query.cursor ? firstHref : null}
            cdnPrefix={settings.cdn_prefix}
            action={likeAction}
          />
        )}
        {data.similar && data.similar.length > 0 ? (
          <section className="mt-4" aria-labelledby="similar-heading">
            <h2 id="similar-heading" className="h5 fw-bold">
              <FormattedMessage id="members.similar" defaultMessage="Few members match your search. Similar members:" />
            </h2>
            <MemberGrid profiles={data.similar} cdnPrefix={settings.cdn_prefix} action={likeAction} belowFold />
          </section>
        ) : null}
      </>
    );

  return (
    <>
      <div className="members-head">
        <h1 className="h3 mb-0">{title}</h1>
        {data && allowed ? (
          <p className="text-body-secondary mb-0" role="status">
            {data.total_capped ? (
              <FormattedMessage id="members.totalCapped" defaultMessage="{total, number}+ members" values={{ total: data.total }} />
            ) : (
              <FormattedMessage
                id="members.total"
                defaultMessage="{total, plural, one {# member} other {# members}}"
                values={{ total: data.total }}
              />
            )}
            {' · '}
            {sort === 'distance' ? (
              <FormattedMessage id="search.sort.distance" defaultMessage="Nearest first" />
            ) : (
              <FormattedMessage id="members.sortedByActivity" defaultMessage="most recently active first" />
            )}
          </p>
        ) : null}
      </div>
      {search.get('blocked') ? (
        <div className="alert alert-success" role="alert">
          {reported ? (
            <p className="fw-bold" data-testid="report-receipt">
              <FormattedMessage
                id="safety.report.received"
                defaultMessage="Thank you. We received your report {reference}."
                values={{ reference: reported }}
              />
            </p>
          ) : null}
          <FormattedMessage id="block.done" defaultMessage="The member has been blocked. You can undo this on your profile page." />
        </div>
      ) : null}
      {allowed ? (
        <MemberFilters
          key={filterQuery}
          value={filters}
          countries={settings.countries}
          regions={regions.data ?? []}
          onCountryChange={(c) => setPicked({ search: filterQuery, country: c })}
          onSearch={onSearch}
          showSort={user !== null}
          defaultSort={sort}
          fields={settings.search_fields}
        />
      ) : null}
      {body}
      {/* A later page that came back empty (the grid's own pager is below its cards). */}
      {data && allowed && query.cursor && data.profiles.length === 0 ? (
        <nav className="pager" aria-label={intl.formatMessage({ id: 'members.pages', defaultMessage: 'Pages' })}>
          <Link className="btn btn-outline-primary" to={firstHref}>
            <FormattedMessage id="members.firstPage" defaultMessage="First page" />
          </Link>
        </nav>
      ) : null}
    </>
  );
}
