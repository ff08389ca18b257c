import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { PageSkeleton } from '../../components/page-skeleton';
import { Seo } from '../../components/seo';
import {
  findMatches,
  matchesKey,
  getMatchPreferences,
  PREFERENCES_KEY,
  saveMatchPreferences,
  useMatches,
  type MatchPreferences,
  type MatchPreferencesUpdate,
} from '../../features/likes/api/match-finder';
import { LikesView, LIKE_TABS, type LikeTab } from '../../features/likes/components/likes-view';
import { FINDER_FORM, FINDER_LIMIT, MatchFinder, SuggestionGrid } from '../../features/likes/components/match-finder';
import {
  getSwipeGame,
  SERVER_SWIPE_DECK_KEY,
  swipe,
  SWIPE_FORM,
  undoSwipe,
  type SwipeResult,
  type SwipeUndo,
} from '../../features/likes/api/swipe-game';
import { SwipeGameView } from '../../features/likes/components/swipe-game';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { prefetchLikeState } from '../like-state';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import {
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';
import { StreamedContent } from '../streamed';
import { NotFoundPage } from './not-found-page';

/** What the deck's fetcher gets from a swipe (null: the card was gone) or an undo that worked. */
type SwipeAnswer = InPlaceAnswer<SwipeResult | SwipeUndo | null>;
/** What the finder's fetcher gets from its answers saved. */
type FinderAnswer = InPlaceAnswer<MatchPreferences>;

/** Suggestions right after signup. */
const SIGNUP_MATCHES = 12;

const tabOf = (value: string | undefined): LikeTab | null =>
  value === undefined ? 'received' : (LIKE_TABS as readonly string[]).includes(value) ? (value as LikeTab) : null;

/** The member's likes list; an unknown tab is a 404. */
export async function likesLoader({ params, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return tabOf(params.type) ? prefetchLikeState(ctx) : { status: 404 };
}

/**
 * The member's answers and, side by side (one wave), the members who fit them: the finder shows them once answered,
 * without JavaScript too.
 */
export async function matchFinderLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(await Promise.all([
        prefetchKey(PREFERENCES_KEY, () => getMatchPreferences(ctx.api)),
        prefetchKey(matchesKey(FINDER_LIMIT), () => findMatches(ctx.api, FINDER_LIMIT)),
      ])),
    ),
  );
}

export async function signupMatchesLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(matchesKey(SIGNUP_MATCHES), () => findMatches(ctx.api, SIGNUP_MATCHES)));
}

/**
 * /swipe-game rendered on the server: a deck for the page without JavaScript (its own key, never the browser's
 * game). A client navigation loads nothing here: the game loads its fresh deck itself.
 */
export async function swipeGameLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  if (!ctx.settle) return {};
  return prefetchForMember(ctx, () => prefetchKey(SERVER_SWIPE_DECK_KEY, () => getSwipeGame(ctx.api)));
}

/**
 * A card's like, pass or undo button: the backend swipes (a like or pass of the same card again changes nothing); a
 * card gone in the meantime is passed over. Posted by the browser (without JavaScript, or before the page hydrated),
 * the answer is a 303 back to the game with its next card, and a refusal (the day's likes used…) renders the game
 * again with the backend's message in the member's language. Sent by the deck's fetcher, the answer is the result in
 * place — the swipe's (`likes_left`, `match`; null for a card gone), or the undo's card — or the refusal, and the game
 * plays on.
 */
export async function swipeAction({ request, context }: PageActionArgs): Promise<Response | FormFailure | SwipeAnswer> {
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const intent = textField(form, 'intent');
  const profileId = Number(textField(form, 'profile_id'));
  if (intent === 'undo')
    return runFormAction(
      SWIPE_FORM,
      { intent },
      () => undoSwipe(context.api),
      (result) => answerInPlace(form, result, seeOther(here)),
    );
  if ((intent !== 'like' && intent !== 'pass') || !Number.isSafeInteger(profileId) || profileId <= 0) return seeOther(here);
  return runFormAction(
    SWIPE_FORM,
    { intent, profile_id: String(profileId) },
    () =>
      swipe(context.api, profileId, intent === 'like').catch((error: unknown) => {
        if (isApiRequestError(error) && error.status === 404) return null;
        throw error;
      }),
    (result) => answerInPlace(form, result, seeOther(here)),
  );
}

/** The match finder's answers as its form posts them (`gender` male, female or empty for everyone). */
function preferencesOf(form: FormData): MatchPreferencesUpdate {
  const gender = textField(form, 'gender');
  const age = (name: string) => Number.parseInt(textField(form, name), 10);
  const country = textField(form, 'country') || null;
  // The saved region stays while the country does (the form carries both; it has no field for the region).
  const region = Number.parseInt(textField(form, 'region_id'), 10);
  return {
    gender: gender === 'male' || gender === 'female' ? gender : null,
    min_age: age('min_age'),
    max_age: age('max_age'),
    country,
    region_id: country !== null && country === textField(form, 'region_country') && region > 0 ? region : null,
  };
}

/**
 * The match finder's answers (who, which ages, where): the backend keeps them. Posted by the browser (without
 * JavaScript, or before the page hydrated: every question in one form), the answer is a 303 back to the finder, which
 * shows the members who fit; a refusal renders the finder again with the backend's message. Sent by the finder's
 * fetcher (one question at a time), the answer is the saved preferences in place, or the refusal.
 */
export async function matchFinderAction({ request, context }: PageActionArgs): Promise<Response | FormFailure | FinderAnswer> {
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const answers = Object.fromEntries(['gender', 'min_age', 'max_age', 'country'].map((name) => [name, textField(form, name)]));
  return runFormAction(
    FINDER_FORM,
    answers,
    () => saveMatchPreferences(context.api, preferencesOf(form)),
    (saved) => answerInPlace(form, saved, seeOther(here)),
  );
}

/** Members-only pages: visitors are asked to log in or sign up. */
function MembersOnly({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSettings();
  const user = useCurrentUser();
  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      {user ? (
        children
      ) : (
        <div className="surface text-center page-narrow">
          <h1 className="h3 fw-bold">{title}</h1>
          <p>
            <FormattedMessage id="likes.login" defaultMessage="You need to be logged in to like members and see who likes you." />
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to="/signup" className="btn btn-primary">
              <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
            </Link>
            <Link to="/login" className="btn btn-outline-primary">
              <FormattedMessage id="nav.login" defaultMessage="Log in" />
            </Link>
          </div>
        </div>
      )}
    </>
  );
}

/** /likes and /likes/{received|given|matches}. */
export function LikesPage() {
  const intl = useIntl();
  const tab = tabOf(useParams().type);
  if (!tab) return <NotFoundPage />;
  const title = intl.formatMessage({ id: 'likes.title', defaultMessage: 'Likes' });
  // Streamed: the likes list follows the skeleton.
  return (
    <MembersOnly title={title}>
      <StreamedContent skeleton={<PageSkeleton title={title} variant="grid" />}>
        <LikesView tab={tab} />
      </StreamedContent>
    </MembersOnly>
  );
}

/** /swipe-game. */
export function SwipeGamePage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'likes.swipe.title', defaultMessage: 'Swipe game' });
  return (
    <MembersOnly title={title}>
      {/* On a phone the intro goes under the game, so the card and its buttons share the first screen (_likes.scss). */}
      <div className="page-narrow sg-page">
        <h1 className="h3 fw-bold mb-1">{title}</h1>
        <p className="text-body-secondary sg-intro">
          <FormattedMessage
            id="likes.swipe.intro"
            defaultMessage="Members who fit what you look for, one at a time. Like or pass; a like back is a match."
          />
        </p>
        <SwipeGameView />
      </div>
    </MembersOnly>
  );
}

/** /match-finder: the guided search for matches. */
export function MatchFinderPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'matchFinder.title', defaultMessage: 'Match finder' });
  return (
    <MembersOnly title={title}>
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      <p className="text-body-secondary">
        <FormattedMessage
          id="likes.finder.intro"
          defaultMessage="Answer three questions and see who fits you, starting with the members who already like you."
        />
      </p>
      <MatchFinder />
    </MembersOnly>
  );
}

function SignupSuggestions() {
  const matches = useMatches(true, SIGNUP_MATCHES);
  return <SuggestionGrid result={matches} />;
}

/** /signup-matches: members to like right after signing up. */
export function SignupMatchesPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'likes.signupMatches.title', defaultMessage: 'Welcome! These members fit you' });
  return (
    <MembersOnly title={title}>
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      <p className="text-body-secondary">
        <FormattedMessage
          id="likes.signupMatches.intro"
          defaultMessage="Like the ones you fancy with the heart: when they like you back, it is a match and you can start chatting."
        />
      </p>
      <SignupSuggestions />
      <div className="d-flex flex-wrap gap-2 justify-content-center mt-4">
        <Link to="/members" className="btn btn-primary">
          <FormattedMessage id="likes.signupMatches.continue" defaultMessage="Continue to all members" />
        </Link>
        <Link to="/match-finder" className="btn btn-outline-dark">
          <FormattedMessage id="likes.signupMatches.refine" defaultMessage="Tell us what you look for" />
        </Link>
      </div>
    </MembersOnly>
  );
}
