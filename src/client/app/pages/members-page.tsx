import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Alert } from 'reactstrap';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { canSearchMembers } from '../../features/members/can-search';
import { listMembers, membersKey, useMembers } from '../../features/members/api/list-members';
import { MemberGrid } from '../../features/members/components/member-grid';
import { SearchLoginPrompt } from '../../features/members/components/search-login-prompt';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';

function cursorOf(query: URLSearchParams): string | undefined {
  return query.get('cursor') || undefined;
}

export async function prefetchMembers({ api, settings, user, query }: PrefetchContext): Promise<PrefetchResult> {
  if (!canSearchMembers(settings, user, query.get('network'))) return {};
  const q = { cursor: cursorOf(query) };
  // Logged out after all, a stale cursor or a backend without the call: the page shows the prompt or the error.
  return prefetchKey(membersKey(q), () => listMembers(api, q));
}

export function MembersPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const allowed = canSearchMembers(settings, user, search.get('network'));
  const cursor = cursorOf(search);
  const { data, error } = useMembers(allowed ? { cursor } : null);
  const title = intl.formatMessage({ id: 'members.title', defaultMessage: 'Members' });

  let body;
  if (!allowed || (isApiRequestError(error) && error.authenticationRequired)) body = <SearchLoginPrompt />;
  else if (error)
    body = (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  else if (!data) body = <Loading />;
  else if (data.profiles.length === 0)
    body = (
      <p className="surface text-center">
        <FormattedMessage id="members.empty" defaultMessage="No members found." />
      </p>
    );
  else body = <MemberGrid profiles={data.profiles} cdnPrefix={settings.cdn_prefix} />;

  const nextParams = new URLSearchParams(search);
  if (data?.next_cursor) nextParams.set('cursor', data.next_cursor);
  const firstParams = new URLSearchParams(search);
  firstParams.delete('cursor');
  const firstQuery = firstParams.toString();

  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 fw-bold mb-0">{title}</h1>
        {data && allowed ? (
          <p className="text-body-secondary mb-0">
            <FormattedMessage id="members.total" defaultMessage="{total, plural, one {# member} other {# members}}" values={{ total: data.total }} />
          </p>
        ) : null}
      </div>
      {body}
      {data && allowed && (cursor || data.next_cursor) ? (
        <nav className="pager" aria-label={intl.formatMessage({ id: 'members.pages', defaultMessage: 'Pages' })}>
          {cursor ? (
            <Link className="btn btn-outline-primary" to={firstQuery ? `/members?${firstQuery}` : '/members'}>
              <FormattedMessage id="members.firstPage" defaultMessage="First page" />
            </Link>
          ) : null}
          {data.next_cursor ? (
            <Link className="btn btn-primary" to={`/members?${nextParams.toString()}`}>
              <FormattedMessage id="members.nextPage" defaultMessage="Next page" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
