import { useState, type ReactNode, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { Loading } from '../../../components/loading';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { isApiRequestError } from '../../../lib/api-error';
import { isSwrKeyOf } from '../../../lib/swr-key';
import { useSettings } from '../../../lib/store/store';
import { PREFERENCES_KEY, useMatches, useMatchPreferences, type MatchPreferences, type MatchPreferencesUpdate } from '../api/match-finder';
import { SWIPE_GAME_KEY } from '../api/swipe-game';
import { LikeCard } from './like-card';
import { useRegionName } from '../../../lib/region-names';
import { useFormFailure, useHydrated } from '../../../components/progressive-form';

const AGES = Array.from({ length: 82 }, (_, i) => i + 18);
const STEPS = 3;
/** Suggestions on the match finder's result page. */
export const FINDER_LIMIT = 24;

/** The finder's form (its route action: app/pages/likes-pages.tsx). */
export const FINDER_FORM = 'match-finder';

/** The query that shows the questions again over saved answers (the Change link of the page without JavaScript). */
const CHANGE = { name: 'change', value: '1' } as const;

type Gender = MatchPreferencesUpdate['gender'];

function draftOf(p: MatchPreferences): MatchPreferencesUpdate {
  return { gender: (p.gender ?? null) as Gender, min_age: p.min_age, max_age: p.max_age, country: p.country, region_id: p.region_id };
}

/** The answers as the finder's form posts them (its route action reads the same fields). */
function finderFieldsOf(draft: MatchPreferencesUpdate, savedCountry: string | null): Record<string, string> {
  return {
    gender: draft.gender ?? '',
    min_age: String(draft.min_age),
    max_age: String(draft.max_age),
    country: draft.country ?? '',
    // The saved region and its country: the region stays while the country does.
    region_id: draft.region_id ? String(draft.region_id) : '',
    region_country: savedCountry ?? '',
  };
}

/** The answers a refused post of the form carried (the page without JavaScript shows them again), over the saved ones. */
function draftAfter(refused: Record<string, string>, saved: MatchPreferencesUpdate): MatchPreferencesUpdate {
  const age = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);
  return {
    ...saved,
    gender: refused.gender === 'male' || refused.gender === 'female' ? refused.gender : null,
    min_age: age(refused.min_age, saved.min_age),
    max_age: age(refused.max_age, saved.max_age),
    country: refused.country || null,
  };
}

/**
 * /match-finder: a guided search. Three questions — who, which ages, where — answered once and kept (they also
 * choose the swipe game's cards and the signup suggestions); then the members who fit, those who already like the
 * member first (a like back is a match), then the most shared interests. The answers are a form posted to the page,
 * whose route action saves them: with JavaScript one question at a time, the last sending the answers through the
 * finder's fetcher (the action answers the saved preferences, the members who fit show in place); without JavaScript
 * (or before the page hydrated) the later questions come in a <noscript> of the first, the browser posts them all at
 * once and the action answers 303 back to the finder with the members who fit (its loader brings them).
 */
export function MatchFinder() {
  const prefs = useMatchPreferences(true);
  if (prefs.error) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!prefs.data) return <Loading />;
  return <MatchFinderSteps key={String(prefs.data.saved)} prefs={prefs.data} />;
}

function MatchFinderSteps({ prefs }: { prefs: MatchPreferences }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const settings = useSettings();
  const { mutate } = useSWRConfig();
  const [search] = useSearchParams();
  // The page answering a refused post without JavaScript shows the questions again, as sent, with the backend's message.
  const refused = useFormFailure(FINDER_FORM);
  const changing = search.get(CHANGE.name) === CHANGE.value;
  const [step, setStep] = useState<number | null>(prefs.saved && !changing && !refused ? null : 1);
  const [draft, setDraft] = useState<MatchPreferencesUpdate>(() => (refused ? draftAfter(refused.fields, draftOf(prefs)) : draftOf(prefs)));
  const fetcher = useRouterFetcher();
  const busy = fetcher.state !== 'idle';
  const [error, setError] = useState<string | null>(() =>
    refused
      ? refused.error.status < 500 && refused.error.code
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' })
      : null,
  );
  const matches = useMatches(step === null, FINDER_LIMIT);
  const countryName = useRegionName();

  const genderName = (g: Gender | undefined) =>
    g === 'male'
      ? intl.formatMessage({ id: 'likes.finder.men', defaultMessage: 'Men' })
      : g === 'female'
        ? intl.formatMessage({ id: 'likes.finder.women', defaultMessage: 'Women' })
        : intl.formatMessage({ id: 'likes.finder.everyone', defaultMessage: 'Everyone' });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step !== null && step < STEPS) {
      setStep(step + 1);
      return;
    }
    if (busy) return;
    setError(null);
    const form = new FormData();
    for (const [name, value] of Object.entries(finderFieldsOf(draft, prefs.country))) form.set(name, value);
    try {
      const saved = await fetcher.submit<MatchPreferences>('/match-finder', form);
      if (saved === undefined) return;
      await mutate(PREFERENCES_KEY, saved, { revalidate: false });
      await mutate((key) => isSwrKeyOf(key, '/match-finder.php') || key === SWIPE_GAME_KEY, undefined, {
        revalidate: true,
      });
      setDraft(draftOf(saved));
      setStep(null);
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      );
    }
  };

  /** One end of the ages' question: controlled while the member answers step by step, as sent without JavaScript. */
  const ageSelect = (field: 'min_age' | 'max_age', label: ReactNode, stepwise: boolean) => (
    <div className="col-6">
      <label htmlFor={`finder-${field.slice(0, 3)}`} className="form-label">
        {label}
      </label>
      <select
        id={`finder-${field.slice(0, 3)}`}
        name={field}
        className="form-select"
        {...(stepwise
          ? { value: draft[field], onChange: (e) => setDraft({ ...draft, [field]: Number(e.target.value) }) }
          : { defaultValue: draft[field] })}
      >
        {AGES.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </div>
  );
  /** The ages' question, with its answers as sent without JavaScript. */
  const ageFields = (stepwise: boolean) => (
    <div className="row g-2">
      {ageSelect('min_age', <FormattedMessage id="likes.finder.minAge" defaultMessage="From (age)" />, stepwise)}
      {ageSelect('max_age', <FormattedMessage id="likes.finder.maxAge" defaultMessage="To (age)" />, stepwise)}
    </div>
  );
  const countryField = (stepwise: boolean) => (
    <div>
      <label htmlFor="finder-country" className="form-label">
        <FormattedMessage id="likes.finder.country" defaultMessage="Country" />
      </label>
      <select
        id="finder-country"
        name="country"
        className="form-select"
        {...(stepwise
          ? { value: draft.country ?? '', onChange: (e) => setDraft({ ...draft, country: e.target.value || null, region_id: null }) }
          : { defaultValue: draft.country ?? '' })}
      >
        <option value="">{intl.formatMessage({ id: 'likes.finder.anywhere', defaultMessage: 'Anywhere' })}</option>
        {settings.countries.map((c) => (
          <option key={c} value={c}>
            {countryName(c)}
          </option>
        ))}
      </select>
    </div>
  );
  const titles = [
    intl.formatMessage({ id: 'likes.finder.q.who', defaultMessage: 'Who are you looking for?' }),
    intl.formatMessage({ id: 'likes.finder.q.age', defaultMessage: 'Which ages?' }),
    intl.formatMessage({ id: 'likes.finder.q.where', defaultMessage: 'Where do they live?' }),
  ];
  const question = (n: number, children: ReactNode, id?: string) => (
    <fieldset>
      <legend id={id} className="h4 fw-bold">
        {titles[n - 1]}
      </legend>
      {children}
    </fieldset>
  );
  const showLabel = <FormattedMessage id="likes.finder.show" defaultMessage="Show my matches" />;

  if (step !== null) {
    const fields = finderFieldsOf(draft, prefs.country);
    return (
      // With JavaScript the questions come one at a time, and the last one's button sends the answers; before the page
      // hydrated that button is off (the form holds only the first question then). Without JavaScript the later
      // questions come in a <noscript> with their own button, and the browser posts every answer at once.
      <form
        method="post"
        action="/match-finder"
        className="surface match-finder-step"
        onSubmit={(e) => void submit(e)}
        aria-labelledby="finder-question"
      >
        <input type="hidden" name="region_id" value={fields.region_id} />
        <input type="hidden" name="region_country" value={fields.region_country} />
        <p className="small text-body-secondary mb-1">
          <FormattedMessage id="likes.finder.step" defaultMessage="Question {step} of {total}" values={{ step, total: STEPS }} />
        </p>
        <div
          className="progress mb-3"
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'likes.finder.progress', defaultMessage: 'Progress' })}
          aria-valuemin={0}
          aria-valuemax={STEPS}
          aria-valuenow={step}
        >
          <div className="progress-bar" style={{ width: `${(step / STEPS) * 100}%` }} />
        </div>
        {question(
          step,
          <>
            {step === 1 ? (
              <div className="d-grid gap-2">
                {(['male', 'female', null] as Gender[]).map((g) => (
                  <label key={String(g)} className={`finder-choice${draft.gender === g ? ' is-chosen' : ''}`}>
                    <input
                      type="radio"
                      name="gender"
                      value={g ?? ''}
                      className="form-check-input me-2"
                      checked={draft.gender === g}
                      onChange={() => setDraft({ ...draft, gender: g })}
                    />
                    {genderName(g)}
                  </label>
                ))}
              </div>
            ) : null}
            {step === 2 ? ageFields(true) : null}
            {step === 3 ? countryField(true) : null}
          </>,
          'finder-question',
        )}
        {step === 1 ? (
          <noscript>
            <div className="mt-3">{question(2, ageFields(false))}</div>
            <div className="mt-3">{question(3, countryField(false))}</div>
            <div className="d-flex justify-content-end mt-3">
              <button type="submit" className="btn btn-primary">
                {showLabel}
              </button>
            </div>
          </noscript>
        ) : null}
        {error ? (
          <Alert color="danger" fade={false} className="mt-3 mb-0">
            {error}
          </Alert>
        ) : null}
        <div className="d-flex flex-wrap gap-2 justify-content-between mt-3">
          {step > 1 ? (
            <Button color="dark" outline type="button" onClick={() => setStep(step - 1)}>
              <FormattedMessage id="likes.finder.back" defaultMessage="Back" />
            </Button>
          ) : (
            <span />
          )}
          <Button color="primary" type="submit" disabled={busy || !hydrated}>
            {step < STEPS ? <FormattedMessage id="likes.finder.next" defaultMessage="Next" /> : showLabel}
          </Button>
        </div>
      </form>
    );
  }

  const summary = intl.formatMessage(
    { id: 'likes.finder.summary', defaultMessage: '{who}, {min} to {max} years, {where}' },
    {
      who: genderName(draft.gender),
      min: draft.min_age,
      max: draft.max_age,
      where: draft.country ? countryName(draft.country) : intl.formatMessage({ id: 'likes.finder.anywhere', defaultMessage: 'Anywhere' }),
    },
  );
  return (
    <>
      <div className="surface d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="mb-0">
          <FormattedMessage
            id="likes.finder.lookingFor"
            defaultMessage="You are looking for: {summary}"
            values={{ summary: <strong>{summary}</strong> }}
          />
        </p>
        <div className="d-flex flex-wrap gap-2">
          {hydrated ? (
            <Button color="primary" outline size="sm" onClick={() => setStep(1)}>
              <FormattedMessage id="likes.finder.change" defaultMessage="Change" />
            </Button>
          ) : (
            // Without JavaScript the questions show again by their link.
            <Link to={`/match-finder?${CHANGE.name}=${CHANGE.value}`} className="btn btn-outline-primary btn-sm">
              <FormattedMessage id="likes.finder.change" defaultMessage="Change" />
            </Link>
          )}
          <Link to="/swipe-game" className="btn btn-primary btn-sm">
            <FormattedMessage id="likes.cta.swipe" defaultMessage="Play the swipe game" />
          </Link>
        </div>
      </div>
      <SuggestionGrid result={matches} />
    </>
  );
}

/** The suggestions with their reasons (already likes you, shared interests); used by the finder and after signup. */
export function SuggestionGrid({ result }: { result: ReturnType<typeof useMatches> }) {
  const { data, error } = result;
  if (error) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return <Loading />;
  if (data.matches.length === 0) {
    return (
      <p className="surface text-center">
        <FormattedMessage
          id="likes.finder.none"
          defaultMessage="Nobody fits all your answers yet. Try a wider age range or another country."
        />
      </p>
    );
  }
  return (
    <ul className="member-grid">
      {data.matches.map((m, i) => (
        <li key={m.profile.id}>
          <LikeCard
            profile={m.profile}
            eager={i < 4}
            badges={
              <>
                {m.likes_you ? (
                  <span className="badge text-bg-unread">
                    <FormattedMessage id="likes.badge.likesYou" defaultMessage="Likes you" />
                  </span>
                ) : null}
                {m.shared_interests > 0 ? (
                  <span className="badge text-bg-light">
                    <FormattedMessage
                      id="likes.badge.shared"
                      defaultMessage="{count, plural, one {# shared interest} other {# shared interests}}"
                      values={{ count: m.shared_interests }}
                    />
                  </span>
                ) : null}
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
