import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { Schemas } from '../../../../shared/api/client';
import { FilterIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { useRegionName } from '../../../lib/region-names';
import { queryOfFilters, type SearchFilters } from '../api/list-members';
import { linkButton } from './link-button';
import { QuickFilters, quickFilterFields } from './quick-filters';
import { SearchForm } from './search-form';

type Region = Schemas['Region'];

interface Chip {
  key: string;
  label: string;
  without: SearchFilters;
}

/** The query parameter that shows the filter sheet open (its button's link without JavaScript). */
const OPEN_PARAM = 'filters';

/**
 * The compact filter bar of the member search: a Filters button that opens the fields in a sheet, and each active
 * filter as a chip that removes it with one tap; below it the quick filters (quick-filters.tsx), which the sheet's
 * form keeps as hidden fields. The grid stays the first thing on the screen. Without JavaScript the button and the
 * chips are links: to the page with the sheet open (`?filters=open`, the search form is a GET form) and to the search
 * without the chip's filter (or with the quick filter turned over).
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
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const [open, setOpen] = useState(query.get(OPEN_PARAM) === 'open');
  const network = query.get('network');
  const kept: Record<string, string> = network ? { network } : {};
  const hrefOf = (filters: SearchFilters, extra: Record<string, string> = {}) => {
    const q = queryOfFilters(filters);
    for (const [k, v] of Object.entries({ ...kept, ...extra })) q.set(k, v);
    return q.size > 0 ? `${pathname}?${q.toString()}` : pathname;
  };
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
        <a
          href={hrefOf(value, { [OPEN_PARAM]: 'open' })}
          className="btn btn-outline-primary btn-sm"
          aria-haspopup="dialog"
          aria-expanded={open}
          {...linkButton(() => setOpen(true))}
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
        </a>
        {chips.map((chip) => (
          <a
            key={chip.key}
            href={hrefOf(chip.without)}
            className="filter-chip"
            aria-label={intl.formatMessage(
              { id: 'search.removeFilter', defaultMessage: 'Remove filter: {filter}' },
              { filter: chip.label },
            )}
            {...linkButton(() => onSearch(chip.without))}
          >
            {chip.label}
            <span aria-hidden="true">×</span>
          </a>
        ))}
      </div>
      {/* The Order field is offered to members only, and so is nearby: both use the member's shared location. */}
      <QuickFilters value={value} hrefOf={hrefOf} onSearch={onSearch} member={showSort} />
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
            action={pathname}
            hidden={{ ...kept, ...quickFilterFields(value) }}
          />
        </Modal>
      ) : null}
    </>
  );
}
