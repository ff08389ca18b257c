import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from 'reactstrap';
import type { Schemas } from '../../../../shared/api/client';
import type { SearchFilters } from '../api/list-members';
import { useRegionName } from '../../../lib/region-names';

type Region = Schemas['Region'];

const AGES = Array.from({ length: 82 }, (_, i) => i + 18);

/**
 * The search filters of SPEC §3 (gender, country, region, age range). Submitting hands the filters up; the page
 * puts them into the URL, so the search survives navigation and can be shared.
 */
export function SearchForm({
  value,
  countries,
  regions,
  onCountryChange,
  onSearch,
  showSort = false,
}: {
  /** Offer the distance order (members only: it uses the member's shared location). */
  showSort?: boolean;
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form className="surface search-form" role="search" onSubmit={submit}>
      <div className="row g-2 align-items-end">
        <div className="col-6 col-md-2">
          <label htmlFor="sf-gender" className="form-label small">
            <FormattedMessage id="profile.attr.gender" defaultMessage="Gender" />
          </label>
          <select
            id="sf-gender"
            className="form-select"
            value={draft.gender ?? ''}
            onChange={(e) => setDraft({ ...draft, gender: (e.target.value || undefined) as SearchFilters['gender'] })}
          >
            <option value="">{any}</option>
            <option value="male">{intl.formatMessage({ id: 'profile.value.male', defaultMessage: 'Man' })}</option>
            <option value="female">{intl.formatMessage({ id: 'profile.value.female', defaultMessage: 'Woman' })}</option>
          </select>
        </div>
        <div className={`col-6 ${showSort ? 'col-md-2' : 'col-md-3'}`}>
          <label htmlFor="sf-country" className="form-label small">
            <FormattedMessage id="profileEdit.country" defaultMessage="Country" />
          </label>
          <select
            id="sf-country"
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
        <div className={`col-12 ${showSort ? 'col-md-2' : 'col-md-3'}`}>
          <label htmlFor="sf-region" className="form-label small">
            <FormattedMessage id="profileEdit.region" defaultMessage="Region" />
          </label>
          <select
            id="sf-region"
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
        <div className="col-6 col-md-1">
          <label htmlFor="sf-min" className="form-label small">
            <FormattedMessage id="search.minAge" defaultMessage="Age from" />
          </label>
          <select id="sf-min" className="form-select" value={draft.min_age ?? ''} onChange={(e) => setDraft({ ...draft, min_age: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{any}</option>
            {AGES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-1">
          <label htmlFor="sf-max" className="form-label small">
            <FormattedMessage id="search.maxAge" defaultMessage="to" />
          </label>
          <select id="sf-max" className="form-select" value={draft.max_age ?? ''} onChange={(e) => setDraft({ ...draft, max_age: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{any}</option>
            {AGES.filter((a) => !draft.min_age || a >= draft.min_age).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        {showSort ? (
          <div className="col-12 col-md-2">
            <label htmlFor="sf-sort" className="form-label small">
              <FormattedMessage id="search.sort" defaultMessage="Order" />
            </label>
            <select
              id="sf-sort"
              className="form-select"
              value={draft.sort ?? ''}
              onChange={(e) => setDraft({ ...draft, sort: e.target.value === 'distance' ? 'distance' : undefined })}
            >
              <option value="">{intl.formatMessage({ id: 'search.sort.recent', defaultMessage: 'Recently active' })}</option>
              <option value="distance">{intl.formatMessage({ id: 'search.sort.distance', defaultMessage: 'Nearest first' })}</option>
            </select>
          </div>
        ) : null}
        <div className="col-12 col-md-2 d-grid">
          <Button color="primary" type="submit">
            <FormattedMessage id="search.submit" defaultMessage="Search" />
          </Button>
        </div>
      </div>
    </form>
  );
}
