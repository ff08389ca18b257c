import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { LIKES_RELOAD_DELAY_MS, POLL_INITIAL_DELAY_MS } from '../../../../shared/constants';
import { freeMessagesOf, MessageCost } from '../../../components/message-cost';
import { MemberPhoto } from '../../../components/member-photo';
import { Modal } from '../../../components/modal';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { markPushMoment } from '../../../lib/push-moment';
import { useAppSelector, useCurrentUser, useSettings } from '../../../lib/store/store';
import { nextAnnouncement, readAnnounced, rememberAnnounced, writeAnnounced } from '../announced';
import { autoLike, type LikeResult } from '../api/likes';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { likesKey, useLikes } from '../../social/index';
import { onLikePopup, showLikePopup, type LikePopup } from '../popup-events';
import { FictionalNote } from './fictional-note';

/** The largest `t` (seconds) the like modal waits for; anything else in `t` is ignored (and still removed). */
const MAX_DELAY_SECONDS = 3600;

/** Reads `t` from the query and returns the URL without it (the like modal's delay, then removed). */
export function takeDelay(search: string): { seconds: number | null; rest: string } {
  const params = new URLSearchParams(search);
  const raw = params.get('t');
  if (raw === null) return { seconds: null, rest: search };
  params.delete('t');
  const seconds = /^\d{1,4}$/.test(raw) && Number(raw) <= MAX_DELAY_SECONDS ? Number(raw) : null;
  const rest = params.toString();
  return { seconds, rest: rest ? `?${rest}` : '' };
}

/**
 * The match / new-like pop-up and the like modal, placed once in the layout:
 * - a like button that makes a match asks for the match pop-up (popup-events);
 * - a received like that arrives while the member browses (the likes poll: 5 s after load, then every 60 s) opens
 *   the new-like pop-up — or the match pop-up when he already liked that member;
 * - `?t=<seconds>` waits that long, asks auto-like.php for a liker, reloads the likes 0.5 s later and shows him.
 * The liker's main image opens his profile; the one action button likes back or opens the chat; a click anywhere
 * else (or Esc) closes it. Below it, what writing costs him before he starts: the free messages he has left and what a
 * message costs after them, or (premium, or none left) what his next message costs and his balance.
 */
export function LikePopups() {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const api = useApi();
  const { mutate } = useSWRConfig();
  const { data: likes } = useLikes(userId !== null);
  const renderedAt = useAppSelector((s) => s.site.renderedAt ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<LikePopup | null>(null);

  useEffect(
    () =>
      onLikePopup((p) => {
        if (userId !== null) rememberAnnounced(userId, p.profile.id);
        // A match is the moment to offer push notifications.
        if (p.kind === 'match') markPushMoment();
        setPopup(p);
      }),
    [userId],
  );

  // The first poll 5 s after load (the interval of useLikes does the rest).
  useEffect(() => {
    if (userId === null) return;
    const timer = setTimeout(() => void mutate(likesKey()), POLL_INITIAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mutate, userId]);

  // New received likes since the last look.
  useEffect(() => {
    if (userId === null || !likes) return;
    // Without an earlier look in this browser, likes that arrived after the page was rendered are new all the same
    // (the pop-ups load after hydration, and a like can come in before their first look).
    const baseline = readAnnounced(userId) ?? (renderedAt ? { since: new Date(renderedAt).toISOString(), ids: [] } : null);
    const { announce, seen } = nextAnnouncement(baseline, likes);
    writeAnnounced(userId, seen);
    if (announce) showLikePopup({ kind: announce.match ? 'match' : 'new-like', profile: announce.profile });
  }, [likes, userId, renderedAt]);

  // The like modal after ?t=<seconds>.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  useEffect(() => {
    const { seconds, rest } = takeDelay(location.search);
    if (rest === location.search) return;
    void navigate(`${location.pathname}${rest}${location.hash}`, { replace: true });
    if (seconds === null || userId === null) return;
    timers.current.push(
      setTimeout(() => {
        autoLike(api)
          .then((profile) => {
            timers.current.push(setTimeout(() => void mutate(likesKey()), LIKES_RELOAD_DELAY_MS));
            if (profile) showLikePopup({ kind: 'new-like', profile });
          })
          .catch(() => {
            // No liker this time: the modal simply does not appear.
          });
      }, seconds * 1000),
    );
  }, [api, location.hash, location.pathname, location.search, mutate, navigate, userId]);

  if (!popup || userId === null) return null;
  return <LikePopupDialog popup={popup} onChange={setPopup} />;
}

function LikePopupDialog({ popup, onChange }: { popup: LikePopup; onChange: (p: LikePopup | null) => void }) {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const { mutate } = useSWRConfig();
  const fetcher = useRouterFetcher();
  const busy = fetcher.state !== 'idle';
  const [error, setError] = useState<string | null>(null);
  const { profile, kind } = popup;
  const close = () => onChange(null);
  const alt = intl.formatMessage({ id: 'member.photoAlt', defaultMessage: 'Photo of {name}' }, { name: profile.name });

  // Liking back is the like heart's form (the profile's route action, as from a card): its result comes in place.
  const likeBack = async () => {
    setError(null);
    const form = new FormData();
    form.set('intent', 'like');
    form.set('profile_id', String(profile.id));
    try {
      const result = await fetcher.submit<LikeResult | null>(`/members/${profile.id}`, form);
      await mutate(likesKey());
      onChange(result?.match ? { kind: 'match', profile: result.profile } : null);
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      );
    }
  };

  return (
    <Modal
      className="like-popup"
      testId="like-popup"
      onDismiss={close}
      title={
        kind === 'match' ? (
          <FormattedMessage id="likes.popup.matchTitle" defaultMessage="It's a match!" />
        ) : (
          <FormattedMessage id="likes.popup.newTitle" defaultMessage="{name} likes you!" values={{ name: profile.name }} />
        )
      }
      footer={
        kind === 'match' ? (
          <Link to={`/members/${profile.id}/chat`} className="btn btn-primary" onClick={close}>
            <FormattedMessage id="likes.popup.message" defaultMessage="Send {name} a message" values={{ name: profile.name }} />
          </Link>
        ) : (
          <Button color="primary" disabled={busy} onClick={() => void likeBack()}>
            <FormattedMessage id="likes.popup.likeBack" defaultMessage="Like {name} back" values={{ name: profile.name }} />
          </Button>
        )
      }
    >
      <button
        type="button"
        className="btn-close like-popup-close"
        aria-label={intl.formatMessage({ id: 'likes.popup.close', defaultMessage: 'Close' })}
        onClick={close}
      />
      <Link to={`/likes/m/${profile.id}`} className="like-popup-photo" onClick={close}>
        <MemberPhoto cdnPrefix={settings.cdn_prefix} image={profile.main_image} alt={alt} name={profile.name} eager />
        <span className="like-popup-name">
          {profile.name}
          {profile.age ? `, ${intl.formatNumber(profile.age)}` : ''}
        </span>
      </Link>
      <p className="mt-3 mb-0 text-center">
        {kind === 'match' ? (
          <FormattedMessage id="likes.popup.matchBody" defaultMessage="You and {name} like each other." values={{ name: profile.name }} />
        ) : (
          <FormattedMessage id="likes.popup.newBody" defaultMessage="Like {name} back and it is a match." values={{ name: profile.name }} />
        )}
      </p>
      <FictionalNote profile={profile} className="mt-2 mb-0 text-center" />
      {user && settings.message_credits > 0 ? (
        <p className="mt-2 mb-0 text-center small text-body-secondary like-popup-cost">
          <MessageCost
            freeLeft={freeMessagesOf(user)}
            price={settings.message_credits}
            balance={user.credits}
            testIds={{ free: 'like-popup-free-left', paid: 'like-popup-price' }}
          />
        </p>
      ) : null}
      {error ? (
        <Alert color="danger" fade={false} className="mt-3 mb-0">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
