import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { useSWRConfig } from 'swr';
import type { Schemas } from '../../../../shared/api/client';
import { HeartIcon } from '../../../components/icons';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { isApiRequestError, type ApiRequestError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/store/store';
import { likeStateOf, type LikeList, type LikeResult } from '../api/likes';
import { likesKey, useLikes } from '../../social/index';
import { isSwrKeyOf } from '../../../lib/swr-key';
import { showLikePopup } from '../popup-events';

type Profile = Schemas['ProfileSummary'] & Partial<Pick<Schemas['ProfileDetail'], 'likes_me' | 'like_new'>>;
type LikeState = ReturnType<typeof likeStateOf>;

/** The heart's state from the page's own data, or null when the backend sends no `liked` (older PHP one). */
function stateOfProfile(profile: Profile): LikeState | null {
  if (profile.liked === undefined) return null;
  const likesMe = profile.likes_me ?? false;
  return { liked: profile.liked, likesMe, isNew: profile.like_new ?? false, match: profile.liked && likesMe };
}

/**
 * Sets `liked` of member `id` wherever a page's cached data shows him: a members page (profiles, similar) or his profile
 * (a match says he likes the viewer too).
 */
function patchLiked(data: unknown, id: number, liked: boolean, match: boolean): unknown {
  if (!data || typeof data !== 'object') return data;
  const patchOne = (p: Profile) => (p.id === id && p.liked !== undefined ? { ...p, liked, likes_me: match || p.likes_me } : p);
  if ('profiles' in data && Array.isArray((data as { profiles: unknown }).profiles)) {
    const page = data as { profiles: Profile[]; similar?: Profile[] };
    return { ...page, profiles: page.profiles.map(patchOne), ...(page.similar ? { similar: page.similar.map(patchOne) } : {}) };
  }
  return 'id' in data ? patchOne(data as Profile) : data;
}

const isPageKey = (key: unknown) => isSwrKeyOf(key, '/members.php') || isSwrKeyOf(key, '/profile.php');

/** The likes list with the viewer's like to `id` added or removed, so the button answers at once. */
function withGiven(list: LikeList | undefined, profile: Profile, liked: boolean, match: boolean): LikeList | undefined {
  if (!list) return list;
  const others = list.profiles.filter((l) => !(l.direction === 'given' && l.profile.id === profile.id));
  const received = others.map((l) => (l.profile.id === profile.id ? { ...l, match } : l));
  const given = liked ? [{ profile, like_new: false, direction: 'given' as const, match, created_at: new Date().toISOString() }] : [];
  return { ...list, profiles: [...received, ...given] };
}

/** The form of the like heart (its route action: app/pages/profile-page.tsx, which reads its refusal). */
export const LIKE_FORM = 'like';

/**
 * Like / unlike a member (a toggle, aria-pressed). The heart is a form posted to the member's profile page
 * (`intent` like/unlike, and the page to come back to), whose route action likes him: without JavaScript, or before
 * the page hydrated, on the server, answering 303 back; with JavaScript through the heart's fetcher (the profile
 * page's chunk loads with the first like of a search), answering the like's result while the page stays and loads
 * nothing again. Meanwhile the heart shows the like as done and is busy; then it answers on every cached page showing
 * him (the page's data is in SWR's cache from its first render, lib/api-swr.ts), and a like that makes a match opens the
 * match pop-up. Visitors get the "you need to be logged in" message with the signup modal and the login link.
 * `variant="icon"` is the round heart on member cards. `refused` is the backend's refusal of his heart posted without
 * JavaScript, shown beside it by the profile page that answers the post.
 */
export function LikeButton(props: LikeButtonProps) {
  // The page's data says whether the viewer likes this member (members.php, profile.php): no likes list for the heart,
  // and none of its hooks on each of a grid's cards. Only a backend without `liked` makes the heart load the whole
  // likes list, as before.
  const fromPage = stateOfProfile(props.profile);
  return fromPage ? <LikeHeart {...props} known={fromPage} /> : <LikeHeartFromList {...props} />;
}

interface LikeButtonProps {
  profile: Profile;
  variant?: 'full' | 'icon';
  refused?: ApiRequestError;
}

/** The heart of a member whose page data does not say whether the viewer likes him: its state from the likes list. */
function LikeHeartFromList(props: LikeButtonProps) {
  const user = useCurrentUser();
  const { data } = useLikes(user !== null);
  return <LikeHeart {...props} known={likeStateOf(data, props.profile.id)} />;
}

function LikeHeart({ profile, variant = 'full', refused, known }: LikeButtonProps & { known: LikeState }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const fetcher = useRouterFetcher();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // The like or unlike under way shows as done (the first like of a search waits for the profile page's chunk too).
  const sending = fetcher.formData?.get('intent');
  const state =
    sending === 'like' || sending === 'unlike'
      ? { ...known, liked: sending === 'like', match: sending === 'like' && known.likesMe }
      : known;
  const busy = fetcher.state !== 'idle';
  const [error, setError] = useState<string | null>(() =>
    !refused
      ? null
      : refused.status < 500 && refused.code
        ? refused.message
        : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
  );
  const [askLogin, setAskLogin] = useState(false);

  // Opening a liker's profile clears his new flag on the server: ask for the likes again, once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (variant === 'full' && state.isNew && !refreshed.current) {
      refreshed.current = true;
      void mutate(likesKey());
    }
  }, [mutate, state.isNew, variant]);

  const label = intl.formatMessage({ id: 'likes.button.label', defaultMessage: 'Like {name}' }, { name: profile.name });

  /** After a like or unlike: the heart answers at once on every cached page showing him, and the likes list follows. */
  const updateHeart = async (liked: boolean, target: Profile, match: boolean) => {
    await mutate(isPageKey, (page: unknown) => patchLiked(page, profile.id, liked, match), { revalidate: false });
    await mutate(likesKey(), (list: LikeList | undefined) => withGiven(list, target, liked, match), { revalidate: true });
  };

  const toggle = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) {
      setAskLogin(true);
      void navigate(`${pathname}${search}#signup`);
      return;
    }
    if (busy) return;
    setError(null);
    const liking = !state.liked;
    try {
      // The heart's fields are hidden inputs (its button sends no value of its own).
      const result = await fetcher.submit<LikeResult | null>(`/members/${profile.id}`, new FormData(event.currentTarget));
      // No result: the action sent the visitor elsewhere (his session ended), which the router follows.
      if (result === undefined) return;
      if (liking && result) {
        await updateHeart(true, result.profile, result.match);
        if (result.match) showLikePopup({ kind: 'match', profile: result.profile });
      } else if (!liking) {
        await updateHeart(false, profile, false);
      }
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      );
    }
  };

  const button =
    variant === 'icon' ? (
      <button
        type="submit"
        className={`like-toggle${state.liked ? ' is-liked' : ''}`}
        aria-pressed={state.liked}
        aria-label={label}
        title={label}
        disabled={busy}
      >
        <HeartIcon />
      </button>
    ) : (
      <button
        type="submit"
        className={`btn ${state.liked ? 'btn-outline-primary' : 'btn-primary'} like-button`}
        aria-pressed={state.liked}
        disabled={busy}
      >
        <HeartIcon />
        {state.match ? (
          <FormattedMessage id="likes.button.match" defaultMessage="Match" />
        ) : state.liked ? (
          <FormattedMessage id="likes.button.liked" defaultMessage="Liked" />
        ) : (
          <FormattedMessage id="likes.button.like" defaultMessage="Like" />
        )}
      </button>
    );

  return (
    <span className={variant === 'icon' ? 'like-slot' : 'like-slot-full'}>
      <form method="post" action={`/members/${profile.id}`} className="like-form" onSubmit={(e) => void toggle(e)}>
        <input type="hidden" name="intent" value={state.liked ? 'unlike' : 'like'} />
        <input type="hidden" name="profile_id" value={profile.id} />
        <input type="hidden" name="return" value={`${pathname}${search}`} />
        {button}
      </form>
      {variant === 'full' && user && state.likesMe && !state.liked ? (
        <span className="like-hint">
          <FormattedMessage
            id="likes.button.likesYou"
            defaultMessage="{name} likes you: like back and it is a match."
            values={{ name: profile.name }}
          />
        </span>
      ) : null}
      <span role="status" className={variant === 'icon' ? 'like-message' : 'like-message-full'}>
        {error ? <span className="text-danger">{error}</span> : null}
        {askLogin ? (
          <span className="like-login">
            <FormattedMessage
              id="profile.loginToLike"
              defaultMessage="You need to be logged in to like {name}."
              values={{ name: profile.name }}
            />{' '}
            <Link to={`${pathname}${search}#signup`} className="alert-link">
              <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
            </Link>
            {' · '}
            <Link to="/login" className="alert-link">
              <FormattedMessage id="nav.login" defaultMessage="Log in" />
            </Link>
          </span>
        ) : null}
      </span>
    </span>
  );
}
