import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { Loading } from '../../../components/loading';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { isSwrKeyOf } from '../../../lib/swr-key';
import { useSettings } from '../../../lib/store/store';
import {
  PREFERENCES_KEY,
  saveMatchPreferences,
  useMatches,
  useMatchPreferences,
  type MatchPreferences,
  type MatchPreferencesUpdate,
} from '../api/match-finder';
import { SWIPE_GAME_KEY } from '../api/swipe-game';
import { LikeCard } from './like-card';
import { useRegionName } from '../../../lib/region-names';
import { useHydrated } from '../../../components/progressive-form';

const AGES = Array.from({ length: 82 }, (_, i) => i + 18);
const STEPS = 3;
/** Suggestions on the match finder's result page. */
export const FINDER_LIMIT = 24;

type Gender = MatchPreferencesUpdate['gender'];

function draftOf(p: MatchPreferences): MatchPreferencesUpdate {
  return { gender: (p.gender ?? null) as Gender, min_age: p.min_age, max_age: p.max_age, country: p.country, region_id: p.region_id };
}

/**
 * /match-finder: a guided search. Three questions — who, which ages, where — answered once and kept (they also
 * choose the swipe game's cards and the signup suggestions); then the members who fit, those who already like the
 * member first (a like back is a match), then the most shared interests.
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
  const api = useApi();
  const settings = useSettings();
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState<number | null>(prefs.saved ? null : 1);
  const [draft, setDraft] = useState<MatchPreferencesUpdate>(() => draftOf(prefs));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = useMatches(step === null, FINDER_LIMIT);
  const countryName = useRegionName();

  const genderName = (g: Gender | undefined) =>
    g === 'male'
      ? intl.formatMessage({ id: 'likes.finder.men', defaultMessage: 'Men' })
      : g === 'female'
        ? intl.formatMessage({ id: 'likes.finder.women', defaultMessage: 'Women' })
        : intl.formatMessage({ id: 'likes.finder.everyone', defaultMessage: 'Everyone' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== null && step < STEPS) {
      setStep(step + 1);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await saveMatchPreferences(api, {
        ...draft,
        region_id: draft.country === prefs.country ? (draft.region_id ?? null) : null,
      });
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
    } finally {
      setBusy(false);
    }
  };

  if (step !== null) {
    const titles = [
      intl.formatMessage({ id: 'likes.finder.q.who', defaultMessage: 'Who are you looking for?' }),
      intl.formatMessage({ id: 'likes.finder.q.age', defaultMessage: 'Which ages?' }),
      intl.formatMessage({ id: 'likes.finder.q.where', defaultMessage: 'Where do they live?' }),
    ];
    return (
      // The finder works with JavaScript: before the page hydrated its button is off (nothing is posted).
      <form method="post" className="surface match-finder-step" onSubmit={(e) => void submit(e)} aria-labelledby="finder-question">
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
        <fieldset>
          <legend id="finder-question" className="h4 fw-bold">
            {titles[step - 1]}
          </legend>
          {step === 1 ? (
            <div className="d-grid gap-2">
              {(['male', 'female', null] as Gender[]).map((g) => (
                <label key={String(g)} className={`finder-choice${draft.gender === g ? ' is-chosen' : ''}`}>
                  <input
                    type="radio"
                    name="finder-gender"
                    className="form-check-input me-2"
                    checked={draft.gender === g}
                    onChange={() => setDraft({ ...draft, gender: g })}
                  />
                  {genderName(g)}
                </label>
              ))}
            </div>
          ) : null}
          {step === 2 ? (
            <div className="row g-2">
              <div className="col-6">
                <label htmlFor="finder-min" className="form-label">
                  <FormattedMessage id="likes.finder.minAge" defaultMessage="From (age)" />
                </label>
                <select
                  id="finder-min"
                  className="form-select"
                  value={draft.min_age}
                  onChange={(e) => setDraft({ ...draft, min_age: Number(e.target.value) })}
                >
                  {AGES.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-6">
                <label htmlFor="finder-max" className="form-label">
                  <FormattedMessage id="likes.finder.maxAge" defaultMessage="To (age)" />
                </label>
                <select
                  id="finder-max"
                  className="form-select"
                  value={draft.max_age}
                  onChange={(e) => setDraft({ ...draft, max_age: Number(e.target.value) })}
                >
                  {AGES.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          {step === 3 ? (
            <div>
              <label htmlFor="finder-country" className="form-label">
                <FormattedMessage id="likes.finder.country" defaultMessage="Country" />
              </label>
              <select
                id="finder-country"
                className="form-select"
                value={draft.country ?? ''}
                onChange={(e) => setDraft({ ...draft, country: e.target.value || null, region_id: null })}
              >
                <option value="">{intl.formatMessage({ id: 'likes.finder.anywhere', defaultMessage: 'Anywhere' })}</option>
                {settings.countries.map((c) => (
                  <option key={c} value={c}>
                    {countryName(c)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
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
            {step < STEPS ? (
              <FormattedMessage id="likes.finder.next" defaultMessage="Next" />
            ) : (
              <FormattedMessage id="likes.finder.show" defaultMessage="Show my matches" />
            )}
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
          <Button color="primary" outline size="sm" onClick={() => setStep(1)}>
            <FormattedMessage id="likes.finder.change" defaultMessage="Change" />
          </Button>
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
