import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from '../../../components/link';
import { Alert } from 'reactstrap';
import { CountBadge } from '../../../components/count-badge';
import { Loading } from '../../../components/loading';
import { isApiRequestError } from '../../../lib/api-error';
import { useSettings } from '../../../lib/store/store';
import type { Like, LikeList } from '../api/likes';
import { useLikes } from '../../social/index';
import { LikeCard } from './like-card';

export const LIKE_TABS = ['received', 'given', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];

/** The rows of one tab: received (new first, as the server orders them), given, or matches (one row per member). */
export function rowsOf(list: LikeList, tab: LikeTab): Like[] {
  if (tab === 'received') return list.profiles.filter((l) => l.direction === 'received');
  if (tab === 'given') return list.profiles.filter((l) => l.direction === 'given');
  const seen = new Set<number>();
  return list.profiles.filter((l) => {
    if (!l.match || seen.has(l.profile.id)) return false;
    seen.add(l.profile.id);
    return true;
  });
}

/** /likes/{received|given|matches}: the likes page with its three tabs. */
export function LikesView({ tab }: { tab: LikeTab }) {
  const intl = useIntl();
  const settings = useSettings();
  const { data, error } = useLikes(true);
  const names: Record<LikeTab, string> = {
    received: intl.formatMessage({ id: 'likes.tab.received', defaultMessage: 'Likes received' }),
    given: intl.formatMessage({ id: 'likes.tab.given', defaultMessage: 'Likes given' }),
    matches: intl.formatMessage({ id: 'likes.tab.matches', defaultMessage: 'Matches' }),
  };
  const counts: Record<LikeTab, number> = data
    ? { received: data.total_new, given: 0, matches: rowsOf(data, 'matches').length }
    : { received: 0, given: 0, matches: 0 };

  let body;
  if (error) {
    body = (
      <Alert color="danger" fade={false}>
        {isApiRequestError(error) && error.status < 500 ? (
          error.message
        ) : (
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        )}
      </Alert>
    );
  } else if (!data) body = <Loading />;
  else {
    const rows = rowsOf(data, tab);
    const empty: Record<LikeTab, string> = {
      received: intl.formatMessage({
        id: 'likes.empty.received',
        defaultMessage: 'Nobody has liked you yet. A photo and a few words about yourself help.',
      }),
      given: intl.formatMessage({ id: 'likes.empty.given', defaultMessage: 'You have not liked anyone yet.' }),
      matches: intl.formatMessage({
        id: 'likes.empty.matches',
        defaultMessage: 'No matches yet: when someone you like likes you back, you will find them here.',
      }),
    };
    body =
      rows.length === 0 ? (
        <div className="surface text-center">
          <p>{empty[tab]}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to="/swipe-game" className="btn btn-primary">
              <FormattedMessage id="likes.cta.swipe" defaultMessage="Play the swipe game" />
            </Link>
            <Link to="/match-finder" className="btn btn-outline-primary">
              <FormattedMessage id="likes.cta.finder" defaultMessage="Find matches" />
            </Link>
          </div>
        </div>
      ) : (
        <ul className="member-grid" aria-label={names[tab]}>
          {rows.map((like, i) => (
            <li key={`${like.direction}-${like.profile.id}`}>
              <LikeCard
                profile={like.profile}
                eager={i < 4}
                badges={
                  <>
                    {like.like_new && tab === 'received' ? (
                      <span className="badge text-bg-primary">
                        <FormattedMessage id="likes.badge.new" defaultMessage="New" />
                      </span>
                    ) : null}
                    {like.match && tab !== 'matches' ? (
                      <span className="badge text-bg-unread">
                        <FormattedMessage id="likes.badge.match" defaultMessage="Match" />
                      </span>
                    ) : null}
                    <span className="badge text-bg-light">{intl.formatDate(like.created_at, { dateStyle: 'medium' })}</span>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 fw-bold mb-0">
          <FormattedMessage id="likes.title" defaultMessage="Likes" />
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/swipe-game" className="btn btn-primary btn-sm">
            <FormattedMessage id="likes.cta.swipe" defaultMessage="Play the swipe game" />
          </Link>
          <Link to="/match-finder" className="btn btn-outline-dark btn-sm">
            <FormattedMessage id="likes.cta.finder" defaultMessage="Find matches" />
          </Link>
        </div>
      </div>
      <nav aria-label={intl.formatMessage({ id: 'likes.tabs', defaultMessage: 'Kinds of likes' })}>
        <ul className="nav nav-pills like-tabs tab-bar mb-3">
          {LIKE_TABS.map((t) => (
            <li className="nav-item" key={t}>
              <NavLink
                to={`/likes/${t}`}
                className={({ isActive }) => `nav-link${isActive || t === tab ? ' active' : ''}`}
                aria-current={t === tab ? 'page' : undefined}
              >
                <span className="like-tab-label">
                  {names[t]}
                  {t !== 'given' ? (
                    <>
                      {' '}
                      <CountBadge
                        count={counts[t]}
                        tone={t === tab ? 'light' : 'primary'}
                        label={
                          t === 'received'
                            ? intl.formatMessage(
                                { id: 'nav.newLikesCount', defaultMessage: '{count, plural, one {# new like} other {# new likes}}' },
                                { count: counts[t] },
                              )
                            : intl.formatMessage(
                                { id: 'likes.matchesCount', defaultMessage: '{count, plural, one {# match} other {# matches}}' },
                                { count: counts[t] },
                              )
                        }
                      />
                    </>
                  ) : null}
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {settings.fictional_icon && data && rowsOf(data, tab).some((l) => l.profile.fictional) ? (
        <p className="fictional-warning small">
          <span aria-hidden="true">{settings.fictional_icon} </span>
          {settings.fictional_warning}
        </p>
      ) : null}
      {body}
    </>
  );
}
