import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { useSWRConfig } from 'swr';
import type { Schemas } from '../../../../shared/api/client';
import { CountryLabel } from '../../../components/country-label';
import { HeartIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { useFormFailure, useHydrated } from '../../../components/progressive-form';
import { MemberPhoto } from '../../../components/member-photo';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { isApiRequestError } from '../../../lib/api-error';
import { usePageResult } from '../../../lib/page-data';
import { useSettings } from '../../../lib/store/store';
import { likesKey } from '../../social/index';
import {
  SERVER_SWIPE_DECK_KEY,
  SWIPE_FORM,
  SWIPE_GAME_KEY,
  useSwipeGame,
  type SwipeGame,
  type SwipeResult,
  type SwipeUndo,
} from '../api/swipe-game';
import { formatCountdown } from '../countdown';
import { useCountdown } from '../hooks/use-countdown';
import { showLikePopup } from '../popup-events';
import { FictionalNote } from './fictional-note';

type Profile = Schemas['ProfileSummary'];

/** How far (px) a card must be dragged to count as a like (right) or a pass (left). */
const SWIPE_THRESHOLD_PX = 90;

/** /swipe-game: one card at a time from the member's preferences; like or pass by button, keyboard or swipe. */
export function SwipeGameView() {
  const { data, error } = useSwipeGame(true);
  const [cachedAtOpen] = useState(data);
  const { mutate } = useSWRConfig();
  const hydrated = useHydrated();
  const served = usePageResult<SwipeGame>(SERVER_SWIPE_DECK_KEY);
  const refill = useCallback(async () => {
    await mutate(SWIPE_GAME_KEY);
  }, [mutate]);

  // Without JavaScript (and until the page hydrated) the deck of the page's loader is played with forms; with
  // JavaScript the browser loads its own fresh deck.
  if (!hydrated && served.data) return <SwipeDeck game={served.data} onEmpty={refill} posted />;

  if (error) {
    return (
      <Alert color="danger" fade={false}>
        {isApiRequestError(error) && error.status < 500 ? (
          error.message
        ) : (
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        )}
      </Alert>
    );
  }
  // A deck cached from an earlier visit holds cards already swiped: play only answers loaded since the page opened.
  if (!data || data === cachedAtOpen) return <Loading />;
  // Every answer of the server starts a new deck.
  return <SwipeDeck key={data.loadedAt} game={data} onEmpty={refill} />;
}

/**
 * The deck. Its buttons are a form of the card posted to the game's page (`intent` like, pass or undo, the card's
 * `profile_id`), whose route action swipes. When `posted` (the page without JavaScript, or before it hydrated) the
 * browser posts it: the action answers 303 back to the game, or a refusal (the day's likes used…) renders the game
 * again with the backend's message. With JavaScript the buttons, the arrow keys and the drag send the same form
 * through the deck's fetcher: the action answers the swipe's result in place and the game plays on without a page
 * load.
 *
 * A host (one of the site's fictional profiles) is met with the site's notice on top of his card, on a surface of its
 * own, from the moment the card shows. His like goes out only once the member has been asked with the notice in front
 * of him: the first Like — button, → or a swipe to the right alike — sends nothing and asks beside the notice whether
 * he still wants to like him ("Like anyway"); the next Like sends it. Passing is one step, as for everybody. Without
 * JavaScript the notice is on the card of the page whose form the member sends.
 */
function SwipeDeck({ game, onEmpty, posted = false }: { game: SwipeGame; onEmpty: () => Promise<void>; posted?: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const { mutate } = useSWRConfig();
  const refused = useFormFailure(SWIPE_FORM);
  const { state: fetcherState, submit } = useRouterFetcher();
  const busy = fetcherState !== 'idle';
  const [cards, setCards] = useState<Profile[]>(game.cards);
  const [likesLeft, setLikesLeft] = useState(game.likes_left);
  const [canUndo, setCanUndo] = useState(game.can_undo);
  const [message, setMessage] = useState<string | null>(() =>
    posted && refused
      ? refused.error.body !== null
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' })
      : null,
  );
  const [resetSeconds, setResetSeconds] = useState(game.resets_in_seconds);
  const [dragX, setDragX] = useState(0);
  const drag = useRef<{ x: number; id: number } | null>(null);
  // The host card whose Like asked first (the notice is in front of the member); his next Like sends the like.
  const [hostAsked, setHostAsked] = useState<number | null>(null);

  const left = useCountdown(resetSeconds);

  // A new day: the likes are back, so the game asks the server again.
  useEffect(() => {
    if (left === 0) void onEmpty();
  }, [left, onEmpty]);

  const card = cards[0] ?? null;
  const next = cards[1] ?? null;
  const outOfLikes = likesLeft <= 0;
  const host = card !== null && card.fictional && settings.fictional_icon !== '';
  const asking = host && hostAsked === card.id;

  /** The card form's fields, sent to the game's route action (undefined: it sent the member elsewhere). */
  const send = useCallback(
    <T,>(intent: 'like' | 'pass' | 'undo', profileId?: number) => {
      const form = new FormData();
      form.set('intent', intent);
      if (profileId !== undefined) form.set('profile_id', String(profileId));
      return submit<T>('/swipe-game', form);
    },
    [submit],
  );

  const act = useCallback(
    async (like: boolean) => {
      if (!card || busy) return;
      if (like && outOfLikes) {
        setMessage(
          intl.formatMessage({
            id: 'likes.swipe.noLikesLeft',
            defaultMessage: 'You have used all your likes for today. You can still pass.',
          }),
        );
        return;
      }
      setMessage(null);
      // A host's like: asked first, with the site's notice on the card; the next Like sends it.
      if (like && card.fictional && settings.fictional_icon !== '' && hostAsked !== card.id) {
        setHostAsked(card.id);
        return;
      }
      try {
        const result = await send<SwipeResult | null>(like ? 'like' : 'pass', card.id);
        if (result === undefined) return;
        if (result === null) {
          // The member left or blocked in the meantime: on to the next card.
          setCards((c) => c.slice(1));
          return;
        }
        setLikesLeft(result.likes_left);
        setCanUndo(!like);
        setCards((c) => c.slice(1));
        if (like) {
          void mutate(likesKey());
          if (result.match) showLikePopup({ kind: 'match', profile: card });
        }
      } catch (err) {
        if (isApiRequestError(err) && err.code === 'swipe_limit') {
          setLikesLeft(0);
          const seconds = Number(err.params.resets_in_seconds);
          if (Number.isInteger(seconds) && seconds > 0) setResetSeconds(seconds);
          setMessage(
            intl.formatMessage({
              id: 'likes.swipe.noLikesLeft',
              defaultMessage: 'You have used all your likes for today. You can still pass.',
            }),
          );
        } else {
          setMessage(
            isApiRequestError(err) && err.status < 500
              ? err.message
              : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
          );
        }
      }
    },
    [busy, card, hostAsked, intl, mutate, outOfLikes, send, settings.fictional_icon],
  );

  const undo = useCallback(async () => {
    if (!canUndo || busy) return;
    setMessage(null);
    try {
      const back = (await send<SwipeUndo>('undo'))?.profile;
      if (back) setCards((c) => [back, ...c.filter((p) => p.id !== back.id)]);
    } catch (err) {
      setMessage(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      );
    } finally {
      setCanUndo(false);
    }
  }, [busy, canUndo, intl, send]);

  // The deck ran out: ask for more cards (a new deck; it stays empty when nobody is left).
  const asked = useRef(false);
  useEffect(() => {
    if (cards.length === 0 && game.cards.length > 0 && !asked.current) {
      asked.current = true;
      void onEmpty();
    }
  }, [cards.length, game.cards.length, onEmpty]);

  // Keyboard: ← pass, → like, U (or Backspace) undo — unless the member is typing or a dialog is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest('input, textarea, select, [contenteditable="true"], .app-modal')) return;
      if (document.body.classList.contains('modal-open')) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        void act(false);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        void act(true);
      } else if (event.key === 'u' || event.key === 'U' || event.key === 'Backspace') {
        event.preventDefault();
        void undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, undo]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    drag.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) setDragX(event.clientX - drag.current.x);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    const dx = event.clientX - drag.current.x;
    drag.current = null;
    setDragX(0);
    if (dx > SWIPE_THRESHOLD_PX) void act(true);
    else if (dx < -SWIPE_THRESHOLD_PX) void act(false);
  };

  const alt = card ? intl.formatMessage({ id: 'member.photoAlt', defaultMessage: 'Photo of {name}' }, { name: card.name }) : '';
  const hint = dragX > SWIPE_THRESHOLD_PX / 2 ? 'like' : dragX < -SWIPE_THRESHOLD_PX / 2 ? 'pass' : null;

  return (
    <div className="sg-game">
      <p className="sg-status mb-2" aria-live="polite">
        {outOfLikes ? (
          <FormattedMessage
            id="likes.swipe.resetIn"
            defaultMessage="You have used today's {limit} likes. New likes in {time}"
            values={{
              limit: game.likes_per_day,
              time: (
                <span className="sg-countdown" role="timer">
                  {formatCountdown(left ?? resetSeconds)}
                </span>
              ),
            }}
          />
        ) : (
          <FormattedMessage
            id="likes.swipe.likesLeft"
            defaultMessage="{left, plural, one {# like} other {# likes}} left today"
            values={{ left: likesLeft }}
          />
        )}
      </p>
      {card ? (
        <>
          <div className="sg-stack">
            {next ? (
              <div className="sg-card sg-next" aria-hidden="true">
                <MemberPhoto cdnPrefix={settings.cdn_prefix} image={next.main_image} alt="" name={next.name} />
              </div>
            ) : null}
            <div
              className={`sg-card sg-top${hint ? ` is-${hint}` : ''}`}
              style={dragX ? { transform: `translateX(${dragX}px) rotate(${dragX / 20}deg)` } : undefined}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              data-testid="swipe-card"
            >
              <MemberPhoto cdnPrefix={settings.cdn_prefix} image={card.main_image} alt={alt} name={card.name} eager />
              {/* The stamp grows with the drag: LIKE to the right, PASS to the left. */}
              {dragX !== 0 ? (
                <span
                  className={`sg-stamp ${dragX > 0 ? 'is-like' : 'is-pass'}`}
                  aria-hidden="true"
                  style={{
                    opacity: Math.min(1, Math.abs(dragX) / SWIPE_THRESHOLD_PX),
                    transform: `rotate(${dragX > 0 ? -14 : 14}deg) scale(${0.7 + Math.min(1, Math.abs(dragX) / SWIPE_THRESHOLD_PX) * 0.5})`,
                  }}
                >
                  {dragX > 0
                    ? intl.formatMessage({ id: 'likes.swipe.like', defaultMessage: 'Like' })
                    : intl.formatMessage({ id: 'likes.swipe.pass', defaultMessage: 'Pass' })}
                </span>
              ) : null}
              {host ? (
                <div className={`sg-host-notice${asking ? ' is-asking' : ''}`} id={`sg-host-${card.id}`}>
                  <FictionalNote profile={card} className="mb-0" />
                  {/* The question joins the notice when his Like asks it: a polite live region announces it. */}
                  <p className="sg-host-ask mb-0" aria-live="polite" data-testid="host-ask">
                    {asking ? (
                      <FormattedMessage
                        id="likes.swipe.hostAsk"
                        defaultMessage="Still want to like {name}? Like again to send it."
                        values={{ name: card.name }}
                      />
                    ) : null}
                  </p>
                </div>
              ) : null}
              <div className="sg-card-info">
                <h2 className="h4 fw-bold mb-1">
                  {card.name}
                  {card.age ? <span className="fw-normal">, {intl.formatNumber(card.age)}</span> : null}
                  {host ? <span aria-hidden="true"> {settings.fictional_icon}</span> : null}
                </h2>
                <p className="mb-1">
                  <CountryLabel country={card.country} region={card.region} />
                </p>
                <Link to={`/members/${card.id}`} className="sg-profile-link">
                  <FormattedMessage id="likes.swipe.viewProfile" defaultMessage="View profile" />
                </Link>
              </div>
            </div>
          </div>
          <form method="post" action="/swipe-game" className="sg-actions" onSubmit={(e) => e.preventDefault()}>
            <input type="hidden" name="profile_id" value={card.id} />
            <button
              type={posted ? 'submit' : 'button'}
              {...(posted ? { name: 'intent', value: 'pass' } : { onClick: () => void act(false) })}
              className="sg-btn sg-pass"
              disabled={busy}
            >
              <span aria-hidden="true">✕</span>
              <span className="sg-btn-label">
                <FormattedMessage id="likes.swipe.pass" defaultMessage="Pass" />
              </span>
            </button>
            <button
              type={posted ? 'submit' : 'button'}
              {...(posted ? { name: 'intent', value: 'undo' } : { onClick: () => void undo() })}
              className="sg-btn sg-undo"
              disabled={busy || !canUndo}
            >
              <span aria-hidden="true">↶</span>
              <span className="sg-btn-label">
                <FormattedMessage id="likes.swipe.undo" defaultMessage="Undo pass" />
              </span>
            </button>
            <button
              type={posted ? 'submit' : 'button'}
              {...(posted ? { name: 'intent', value: 'like' } : { onClick: () => void act(true) })}
              className="sg-btn sg-like"
              disabled={busy || outOfLikes}
              aria-describedby={host ? `sg-host-${card.id}` : undefined}
            >
              <HeartIcon />
              <span className="sg-btn-label">
                {asking ? (
                  <FormattedMessage id="likes.swipe.likeAnyway" defaultMessage="Like anyway" />
                ) : (
                  <FormattedMessage id="likes.swipe.like" defaultMessage="Like" />
                )}
              </span>
            </button>
          </form>
          <p className="small text-body-secondary text-center mt-2 mb-0">
            <FormattedMessage id="likes.swipe.keys" defaultMessage="Swipe the card, or use the keys: ← pass, → like, U undo." />
          </p>
        </>
      ) : (
        <div className="surface text-center">
          <p>
            <FormattedMessage id="likes.swipe.empty" defaultMessage="No more members who fit your preferences right now." />
          </p>
          <Link to="/match-finder" className="btn btn-primary">
            <FormattedMessage id="likes.swipe.changePreferences" defaultMessage="Change what you look for" />
          </Link>
        </div>
      )}
      <div role="status" className="mt-2">
        {message ? (
          <Alert color="warning" fade={false} className="mb-0" role="none">
            {message}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
