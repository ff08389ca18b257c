import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button } from 'reactstrap';
import type { Schemas } from '../../../../shared/api/client';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { ATTRIBUTE_OPTIONS, INTEREST_MESSAGES } from '../../../lib/interest-messages';
import type { MyProfile } from '../api/get-my-profile';
import { INTERESTS_SHOWN_FIELD, PROFILE_FORM, showsProfileField } from '../profile-update';
import { ATTRIBUTE_LABELS, VALUE_LABELS } from '../../../lib/profile-messages';
import { useRegionName } from '../../../lib/region-names';
import { initialWords, ProfileWordsFields, wordsAsSent, wordsErrorsOf, type WordsState } from '../../../components/profile-words-fields';

type Region = Schemas['Region'];
type AttributeKey = keyof typeof ATTRIBUTE_OPTIONS;

export interface ProfileFormProps {
  profile: MyProfile;
  countries: string[];
  regions: Region[];
  interests: string[];
  /** settings.visible_profile_fields and visible_profile_notes: which fields this site shows (all when empty). */
  visibleFields: string[];
  onCountryChange: (country: string | null) => void;
  /** The page shows the answer to a save that went through, with the saved profile (its loader's new answer). */
  onSaved: (profile: MyProfile) => void;
}

interface FormState {
  name: string;
  about: string;
  birth_date: string;
  country: string;
  region_id: string;
  tattoos: string;
  interests: string[];
  attributes: Record<AttributeKey, string>;
  words: WordsState;
}

function initial(p: MyProfile): FormState {
  const a = p.attributes;
  return {
    name: p.name,
    about: p.about,
    birth_date: p.birth_date ?? '',
    country: p.country ?? '',
    region_id: p.region_id ? String(p.region_id) : '',
    tattoos: a.tattoos === true ? 'yes' : a.tattoos === false ? 'no' : '',
    interests: p.interests,
    attributes: {
      gender: a.gender ?? '',
      sexuality: a.sexuality ?? '',
      relationship_status: a.relationship_status ?? '',
      hair_colour: a.hair_colour ?? '',
      eye_colour: a.eye_colour ?? '',
      body_type: a.body_type ?? '',
      signup_reason: a.signup_reason ?? '',
    },
    words: initialWords(p.attributes),
  };
}

/** The form as it was sent, over the saved profile: a page rendered again after a refused post shows it. */
function asSent(state: FormState, fields: Record<string, string>): FormState {
  const attributes = { ...state.attributes };
  for (const key of Object.keys(attributes) as AttributeKey[]) attributes[key] = fields[key] ?? attributes[key];
  return {
    name: fields.name ?? state.name,
    about: fields.about ?? state.about,
    birth_date: fields.birth_date ?? state.birth_date,
    country: fields.country ?? state.country,
    region_id: fields.region_id ?? state.region_id,
    tattoos: fields.tattoos ?? state.tattoos,
    interests: fields.interests === undefined ? state.interests : fields.interests.split(',').filter(Boolean),
    attributes,
    words: wordsAsSent(state.words, fields),
  };
}

type SaveResult = { ok: true } | { ok: false; message: string; field: string | null };

const messages = defineMessages({
  notSaid: { id: 'profileEdit.notSaid', defaultMessage: 'Not specified' },
  errorLater: { id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' },
  yes: { id: 'common.yes', defaultMessage: 'Yes' },
  no: { id: 'common.no', defaultMessage: 'No' },
});

/**
 * The member's own profile: a form posted to /profile whose route action saves it with the fields the site shows
 * (profile-update.ts) — through the router with JavaScript (the button busy meanwhile), by the browser itself without
 * it: 303 to /profile?saved=1, where the page has the saved profile from its loader (the fields show it as saved), or
 * the page again with the backend's error beside its field and the fields as sent.
 */
export function ProfileForm({ profile, countries, regions, interests, visibleFields, onCountryChange, onSaved }: ProfileFormProps) {
  const intl = useIntl();
  const regionName = useRegionName();
  const refused = useFormFailure(PROFILE_FORM);
  const [search] = useSearchParams();
  const { key: entry } = useLocation();
  const busy = useSubmitting('/profile');
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const [form, setForm] = useState<FormState>(() => (refused ? asSent(initial(profile), refused.fields) : initial(profile)));
  const saved = !refused && search.get('saved') === '1';
  // A save that went through shows the profile as saved (the backend may have tidied it): the page stays mounted when
  // the router shows its answer, a new history entry (adjusted while rendering, not in an effect).
  const [shownEntry, setShownEntry] = useState(entry);
  if (entry !== shownEntry) {
    setShownEntry(entry);
    if (saved) setForm(initial(profile));
  }
  const announceSaved = useEffectEvent(() => onSaved(profile));
  const savedAnswer = saved ? entry : null;
  useEffect(() => {
    if (savedAnswer !== null) announceSaved();
  }, [savedAnswer]);
  const result: SaveResult | null = busy
    ? null
    : refused
      ? {
          ok: false,
          field: typeof refused.error.params.field === 'string' ? refused.error.params.field : null,
          message: refused.error.status < 500 && refused.error.code ? refused.error.message : t(messages.errorLater),
        }
      : saved
        ? { ok: true }
        : null;
  const shows = (field: string) => showsProfileField(visibleFields, field);

  const invalid = (field: string) => result !== null && !result.ok && result.field === field;
  const fieldError = (field: string): ReactNode =>
    invalid(field) && result && !result.ok ? (
      <div id={`${field}-error`} className="invalid-feedback d-block">
        {result.message}
      </div>
    ) : null;
  const describedBy = (field: string) => (invalid(field) ? `${field}-error` : undefined);
  const age = profile.age;
  // The own words' rules the page's action checked (every wrong field at once); shown beside each field.
  const wordsErrors = refused && !busy ? wordsErrorsOf(refused.error.params) : {};

  return (
    <RouterForm action="/profile" preventScrollReset className="surface profile-form" noValidate data-testid="profile-form">
      <h2 className="h5 fw-bold">
        <FormattedMessage id="profileEdit.details" defaultMessage="About you" />
      </h2>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <label htmlFor="pf-name" className="form-label">
            <FormattedMessage id="profileEdit.name" defaultMessage="Profile name" />
          </label>
          <input
            id="pf-name"
            name="name"
            className={`form-control${invalid('name') ? ' is-invalid' : ''}`}
            value={form.name}
            maxLength={40}
            required
            aria-describedby={describedBy('name')}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          {fieldError('name')}
        </div>
        {shows('birth_date') ? (
          <div className="col-12 col-md-6">
            <label htmlFor="pf-birth" className="form-label">
              <FormattedMessage id="profileEdit.birthDate" defaultMessage="Date of birth" />
            </label>
            <input
              id="pf-birth"
              name="birth_date"
              type="date"
              className={`form-control${invalid('birth_date') ? ' is-invalid' : ''}`}
              value={form.birth_date}
              aria-describedby={describedBy('birth_date') ?? 'pf-birth-age'}
              onChange={(e) => setForm({ ...form, birth_date: e.target.value })}
            />
            {age !== null ? (
              <div id="pf-birth-age" className="form-text">
                <FormattedMessage id="profileEdit.ageShown" defaultMessage="Others see your age: {age}" values={{ age }} />
              </div>
            ) : null}
            {fieldError('birth_date')}
          </div>
        ) : null}
        {shows('country') ? (
          <div className="col-12 col-md-6">
            <label htmlFor="pf-country" className="form-label">
              <FormattedMessage id="profileEdit.country" defaultMessage="Country" />
            </label>
            <select
              id="pf-country"
              name="country"
              className="form-select"
              value={form.country}
              onChange={(e) => {
                setForm({ ...form, country: e.target.value, region_id: '' });
                onCountryChange(e.target.value || null);
              }}
            >
              <option value="">{t(messages.notSaid)}</option>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {regionName(c)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {shows('region_id') ? (
          <div className="col-12 col-md-6">
            <label htmlFor="pf-region" className="form-label">
              <FormattedMessage id="profileEdit.region" defaultMessage="Region" />
            </label>
            <select
              id="pf-region"
              name="region_id"
              className={`form-select${invalid('region_id') ? ' is-invalid' : ''}`}
              value={form.region_id}
              disabled={!form.country}
              aria-describedby={describedBy('region_id')}
              onChange={(e) => setForm({ ...form, region_id: e.target.value })}
            >
              <option value="">{t(messages.notSaid)}</option>
              {regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
            {fieldError('region_id')}
          </div>
        ) : null}
        {(Object.keys(ATTRIBUTE_OPTIONS) as AttributeKey[]).filter(shows).map((key) => (
          <div key={key} className="col-12 col-md-6">
            <label htmlFor={`pf-${key}`} className="form-label">
              {t(ATTRIBUTE_LABELS[key])}
            </label>
            <select
              id={`pf-${key}`}
              name={key}
              className="form-select"
              value={form.attributes[key]}
              onChange={(e) => setForm({ ...form, attributes: { ...form.attributes, [key]: e.target.value } })}
            >
              <option value="">{t(messages.notSaid)}</option>
              {ATTRIBUTE_OPTIONS[key].map((v) => (
                <option key={v} value={v}>
                  {VALUE_LABELS[v] ? t(VALUE_LABELS[v]) : v}
                </option>
              ))}
            </select>
          </div>
        ))}
        {shows('tattoos') ? (
          <div className="col-12 col-md-6">
            <label htmlFor="pf-tattoos" className="form-label">
              {t(ATTRIBUTE_LABELS.tattoos)}
            </label>
            <select
              id="pf-tattoos"
              name="tattoos"
              className="form-select"
              value={form.tattoos}
              onChange={(e) => setForm({ ...form, tattoos: e.target.value })}
            >
              <option value="">{t(messages.notSaid)}</option>
              <option value="yes">{t(messages.yes)}</option>
              <option value="no">{t(messages.no)}</option>
            </select>
          </div>
        ) : null}
        <ProfileWordsFields
          words={form.words}
          onChange={(words) => setForm({ ...form, words })}
          errors={wordsErrors}
          notSaid={t(messages.notSaid)}
        />
        {shows('about') ? (
          <div className="col-12">
            <label htmlFor="pf-about" className="form-label">
              <FormattedMessage id="profile.about" defaultMessage="About me" />
            </label>
            <textarea
              id="pf-about"
              name="about"
              className="form-control"
              rows={5}
              maxLength={2000}
              value={form.about}
              onChange={(e) => setForm({ ...form, about: e.target.value })}
            />
          </div>
        ) : null}
        {shows('interests') && interests.length > 0 ? (
          <fieldset className="col-12">
            <legend className="form-label fs-6">
              <FormattedMessage id="profile.interests" defaultMessage="Interests" />
            </legend>
            <div className={`interest-picker${invalid('interests') ? ' is-invalid' : ''}`}>
              {interests.map((key) => {
                const checked = form.interests.includes(key);
                const label = INTEREST_MESSAGES[key];
                return (
                  <label key={key} className={`interest-chip${checked ? ' is-checked' : ''}`}>
                    <input
                      type="checkbox"
                      name="interests"
                      value={key}
                      className="visually-hidden-focusable-input"
                      checked={checked}
                      onChange={() =>
                        setForm({ ...form, interests: checked ? form.interests.filter((k) => k !== key) : [...form.interests, key] })
                      }
                    />
                    {label ? t(label) : key}
                  </label>
                );
              })}
            </div>
            {/* After the chips: the legend floats (Bootstrap's reboot) and only its next sibling clears it. */}
            <input type="hidden" name={INTERESTS_SHOWN_FIELD} value="1" />
            {fieldError('interests')}
          </fieldset>
        ) : null}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
        <Button color="primary" type="submit" disabled={busy}>
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          <FormattedMessage id="profileEdit.save" defaultMessage="Save profile" />
        </Button>
        <div role="status" aria-live="polite">
          {result?.ok ? (
            <span className="text-success">
              <FormattedMessage id="profileEdit.saved" defaultMessage="Your profile has been saved." />
            </span>
          ) : null}
        </div>
      </div>
      {result && !result.ok && result.field === null ? (
        <Alert color="danger" fade={false} className="mt-3 mb-0">
          {result.message}
        </Alert>
      ) : null}
    </RouterForm>
  );
}
