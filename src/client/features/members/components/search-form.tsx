import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Schemas } from '../../../../shared/api/client';
import type { GridSort, SearchFilters } from '../api/list-members';
import { useRegionName } from '../../../lib/region-names';
import { ProfileFilterFields } from './profile-filter-fields';

type Region = Schemas['Region'];

const AGES = Array.from({ length: 82 }, (_, i) => i + 18);

export type SearchField = 'gender' | 'country' | 'region' | 'age';

/**
 * The fields the form shows, from the site's `search_fields` (gender, country, region, min_age, max_age): the age
 * range when either age is listed, the region only with the country. An empty list shows them all.
 */
export function shownSearchFields(searchFields: readonly string[]): Set<SearchField> {
  if (searchFields.length === 0) return new Set<SearchField>(['gender', 'country', 'region', 'age']);
  const shown = new Set<SearchField>();
  if (searchFields.includes('gender')) shown.add('gender');
  if (searchFields.includes('country')) shown.add('country');
  if (searchFields.includes('country') && searchFields.includes('region')) shown.add('region');
  if (searchFields.includes('min_age') || searchFields.includes('max_age') || searchFields.includes('age')) shown.add('age');
  return shown;
}

/**
 * The search filters (gender, country, region, age range, then profile-filter-fields.tsx: distance, height, looking
 * for, position, tribes): a GET form of the page's URL query (`gender`, `country`, `region`, `min_age`, `max_age`,
 * `max_distance`, `min_height`, `max_height`, `looking_for`, `position`, `tribes` — the lists repeated per value —
 * `sort`, and the `hidden` fields as they are), so it searches without JavaScript
 * too. With JavaScript submitting hands the filters up; the page puts them into the URL, so the search survives
 * navigation and can be shared. Each field is as wide as its longest
 * option and the fields wrap onto as many lines as the width needs (`.search-fields`), so no option is cut off in any
 * language (nl "Maakt niet uit", fi "Mikä tahansa", de "Vereinigtes Königreich" on a 390 px phone).
 */
export function SearchForm({
  value,
  countries,
  regions,
  onCountryChange,
  onSearch,
  showSort = false,
  defaultSort = 'last_active',
  fields = [],
  action,
  hidden = {},
}: {
  /** The page the form searches (its GET target). */
  action: string;
  /** Query parameters the search keeps (e.g. `network`), sent as hidden fields. */
  hidden?: Record<string, string>;
  /** The site's `search_fields`: which filters to show (shownSearchFields). */
  fields?: readonly string[];
  /** Offer the distance order and the distance filter (members only: they use the member's shared location). */
  showSort?: boolean;
  /** The order the grid has when the URL names none (nearest first for a member with a shared location). */
  defaultSort?: GridSort;
  value: SearchFilters;
  countries: string[];
  regions: Region[];
  onCountryChange: (country: string | undefined) => void;
  onSearch: (filters: SearchFilters) => void;
}) {
  const intl = useIntl();
  const regionName = useRegionName();
  // The page remounts the form (key) when the URL's search changes, so the draft starts from it.
  const [draft, setDraft] = useState<SearchFilters>(value);
  const any = intl.formatMessage({ id: 'search.any', defaultMessage: 'Any' });
  const shown = shownSearchFields(fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form method="get" action={action} className="surface search-form" role="search" onSubmit={submit}>
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="search-fields">
        {shown.has('gender') ? (
          <div className="search-field">
            <label htmlFor="sf-gender" className="form-label small">
              <FormattedMessage id="profile.attr.gender" defaultMessage="Gender" />
            </label>
            <select
              id="sf-gender"
              name="gender"
              className="form-select"
              value={draft.gender ?? ''}
              onChange={(e) => setDraft({ ...draft, gender: (e.target.value || undefined) as SearchFilters['gender'] })}
            >
              <option value="">{any}</option>
              <option value="male">{intl.formatMessage({ id: 'profile.value.male', defaultMessage: 'Man' })}</option>
              <option value="female">{intl.formatMessage({ id: 'profile.value.female', defaultMessage: 'Woman' })}</option>
            </select>
          </div>
        ) : null}
        {shown.has('country') ? (
          <div className="search-field">
            <label htmlFor="sf-country" className="form-label small">
              <FormattedMessage id="profileEdit.country" defaultMessage="Country" />
            </label>
            <select
              id="sf-country"
              name="country"
              className="form-select"
              value={draft.country ?? ''}
              onChange={(e) => {
                const country = e.target.value || undefined;
                setDraft({ ...draft, country, region: undefined });
                onCountryChange(country);
              }}
            >
              <option value="">{any}</option>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {regionName(c)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {shown.has('region') ? (
          <div className="search-field search-field-region">
            <label htmlFor="sf-region" className="form-label small">
              <FormattedMessage id="profileEdit.region" defaultMessage="Region" />
            </label>
            <select
              id="sf-region"
              name="region"
              className="form-select"
              value={draft.region ?? ''}
              disabled={!draft.country}
              onChange={(e) => setDraft({ ...draft, region: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{any}</option>
              {regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {/* The age range moves as one (from and to side by side) while it fits the line. */}
        {shown.has('age') ? (
          <div className="search-field search-field-pair">
            <div className="search-field">
              <label htmlFor="sf-min" className="form-label small">
                <FormattedMessage id="search.minAge" defaultMessage="Age from" />
              </label>
              <select
                id="sf-min"
                name="min_age"
                className="form-select"
                value={draft.min_age ?? ''}
                onChange={(e) => setDraft({ ...draft, min_age: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{any}</option>
                {AGES.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            <div className="search-field">
              <label htmlFor="sf-max" className="form-label small">
                <FormattedMessage id="search.maxAge" defaultMessage="to" />
              </label>
              <select
                id="sf-max"
                name="max_age"
                className="form-select"
                value={draft.max_age ?? ''}
                onChange={(e) => setDraft({ ...draft, max_age: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{any}</option>
                {AGES.filter((a) => !draft.min_age || a >= draft.min_age).map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
        {/* What members say of themselves and the distance (members only: it uses the member's shared location). */}
        <ProfileFilterFields draft={draft} setDraft={setDraft} showDistance={showSort} />
        {showSort ? (
          <div className="search-field">
            <label htmlFor="sf-sort" className="form-label small">
              <FormattedMessage id="search.sort" defaultMessage="Order" />
            </label>
            <select
              id="sf-sort"
              name="sort"
              className="form-select"
              value={draft.sort ?? defaultSort}
              onChange={(e) => setDraft({ ...draft, sort: e.target.value === 'distance' ? 'distance' : 'last_active' })}
            >
              <option value="last_active">{intl.formatMessage({ id: 'search.sort.recent', defaultMessage: 'Recently active' })}</option>
              <option value="distance">{intl.formatMessage({ id: 'search.sort.distance', defaultMessage: 'Nearest first' })}</option>
            </select>
          </div>
        ) : null}
        <div className="search-field search-field-submit d-grid">
          {/* Bootstrap's markup without reactstrap: the members page loads no reactstrap code (its budget is 150 KB). */}
          <button className="btn btn-primary" type="submit">
            <FormattedMessage id="search.submit" defaultMessage="Search" />
          </button>
        </div>
      </div>
    </form>
  );
}
