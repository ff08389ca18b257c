import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Schemas } from '../../../../shared/api/client';
import { FilterIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { useRegionName } from '../../../lib/region-names';
import type { SearchFilters } from '../api/list-members';
import { SearchForm } from './search-form';

type Region = Schemas['Region'];

interface Chip {
  key: string;
  label: string;
  without: SearchFilters;
}

/**
 * The compact filter bar of the member search: a Filters button that opens the fields in a sheet, and each active
 * filter as a chip that removes it with one tap. The grid stays the first thing on the screen.
 */
export function MemberFilters({
  value,
  countries,
  regions,
  onCountryChange,
  onSearch,
  showSort,
  fields,
}: {
  value: SearchFilters;
  countries: string[];
  regions: Region[];
  onCountryChange: (country: string | undefined) => void;
  onSearch: (filters: SearchFilters) => void;
  showSort: boolean;
  /** The site's `search_fields`: which filters the sheet shows. */
  fields?: readonly string[];
}) {
  const intl = useIntl();
  const regionName = useRegionName();
  const [open, setOpen] = useState(false);
  const title = intl.formatMessage({ id: 'search.filters', defaultMessage: 'Filters' });

  const chips: Chip[] = [];
  if (value.gender)
    chips.push({
      key: 'gender',
      label:
        value.gender === 'male'
          ? intl.formatMessage({ id: 'profile.value.male', defaultMessage: 'Man' })
          : intl.formatMessage({ id: 'profile.value.female', defaultMessage: 'Woman' }),
      without: { ...value, gender: undefined },
    });
  if (value.country)
    chips.push({ key: 'country', label: regionName(value.country), without: { ...value, country: undefined, region: undefined } });
  if (value.region !== undefined)
    chips.push({
      key: 'region',
      label: regions.find((r) => r.id === value.region)?.name ?? intl.formatMessage({ id: 'profileEdit.region', defaultMessage: 'Region' }),
      without: { ...value, region: undefined },
    });
  if (value.min_age !== undefined || value.max_age !== undefined)
    chips.push({
      key: 'age',
      label:
        value.min_age !== undefined && value.max_age !== undefined
          ? intl.formatMessage(
              { id: 'search.chip.ageRange', defaultMessage: 'Age {min}–{max}' },
              { min: value.min_age, max: value.max_age },
            )
          : value.min_age !== undefined
            ? intl.formatMessage({ id: 'search.chip.ageFrom', defaultMessage: 'Age {min}+' }, { min: value.min_age })
            : intl.formatMessage({ id: 'search.chip.ageTo', defaultMessage: 'Age up to {max}' }, { max: value.max_age }),
      without: { ...value, min_age: undefined, max_age: undefined },
    });
  if (value.sort === 'distance')
    chips.push({
      key: 'sort',
      label: intl.formatMessage({ id: 'search.sort.distance', defaultMessage: 'Nearest first' }),
      without: { ...value, sort: undefined },
    });
  const active = chips.filter((chip) => chip.key !== 'sort').length;

  const close = () => setOpen(false);
  return (
    <>
      <div className="filter-bar" data-testid="filter-bar">
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <FilterIcon />
          {title}
          {active > 0 ? (
            <span className="badge rounded-pill text-bg-primary">
              <span className="visually-hidden">(</span>
              {intl.formatNumber(active)}
              <span className="visually-hidden">)</span>
            </span>
          ) : null}
        </button>
        {chips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            className="filter-chip"
            aria-label={intl.formatMessage(
              { id: 'search.removeFilter', defaultMessage: 'Remove filter: {filter}' },
              { filter: chip.label },
            )}
            onClick={() => onSearch(chip.without)}
          >
            {chip.label}
            <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>
      {open ? (
        <Modal title={title} onDismiss={close} className="app-sheet" testId="filter-sheet">
          <button
            type="button"
            className="btn-close sheet-close"
            aria-label={intl.formatMessage({ id: 'search.closeFilters', defaultMessage: 'Close the filters' })}
            onClick={close}
          />
          <SearchForm
            value={value}
            countries={countries}
            regions={regions}
            onCountryChange={onCountryChange}
            onSearch={(filters) => {
              close();
              onSearch(filters);
            }}
            showSort={showSort}
            fields={fields}
          />
        </Modal>
      ) : null}
    </>
  );
}
