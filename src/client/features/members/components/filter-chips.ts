import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { Schemas } from '../../../../shared/api/client';
import { useRegionName } from '../../../lib/region-names';
import type { SearchFilters } from '../api/list-members';
import { BAND_KM, queryOfFilters } from '../search-query';
import { activeQuickFilters } from './quick-filters';

/** An active filter as a removable chip: its name and the search without it. */
export interface FilterChip {
  key: string;
  label: string;
  without: SearchFilters;
}

/** The query parameter that shows the filter sheet open (its button's link without JavaScript). */
export const OPEN_PARAM = 'filters';

/**
 * The address of a search on this page: the filters' query, the page's traffic source (`network`) kept, and any
 * `extra` parameters. A link that works without JavaScript.
 */
export function useSearchHref(): (filters: SearchFilters, extra?: Record<string, string>) => string {
  const { pathname, search } = useLocation();
  const network = new URLSearchParams(search).get('network');
  return (filters, extra = {}) => {
    const q = queryOfFilters(filters);
    for (const [k, v] of Object.entries({ ...(network ? { network } : {}), ...extra })) q.set(k, v);
    return q.size > 0 ? `${pathname}?${q.toString()}` : pathname;
  };
}

/**
 * The sheet's active filters (gender, country, region, age, the order) as chips, in the filter bar's order; with
 * `quick`, the quick filters that are on after them (online now, with photo, …), each named as its chip is.
 */
export function useFilterChips(value: SearchFilters, regions: Schemas['Region'][], quick?: { member: boolean }): FilterChip[] {
  const intl = useIntl();
  const regionName = useRegionName();
  const chips: FilterChip[] = [];
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
  if (value.max_distance)
    chips.push({
      key: 'max_distance',
      label: intl.formatMessage({ id: 'search.filter.within', defaultMessage: 'Within {km} km' }, { km: BAND_KM[value.max_distance] }),
      without: { ...value, max_distance: undefined },
    });
  if (value.min_height !== undefined || value.max_height !== undefined) {
    const cm = (n: number) => intl.formatNumber(n, { style: 'unit', unit: 'centimeter' });
    const { min_height: min, max_height: max } = value;
    const range = min !== undefined && max !== undefined ? `${cm(min)}–${cm(max)}` : min !== undefined ? `≥ ${cm(min)}` : `≤ ${cm(max!)}`;
    chips.push({
      key: 'height',
      label: intl.formatMessage({ id: 'search.chip.height', defaultMessage: 'Height {range}' }, { range }),
      without: { ...value, min_height: undefined, max_height: undefined },
    });
  }
  // One chip per list (what he looks for, position, tribes): its name and how many values are ticked, which keeps
  // the filter bar short on a phone.
  const lists = [
    ['looking_for', intl.formatMessage({ id: 'search.filter.lookingFor', defaultMessage: 'Looking for' })],
    ['position', intl.formatMessage({ id: 'search.filter.position', defaultMessage: 'Position' })],
    ['tribes', intl.formatMessage({ id: 'search.filter.tribes', defaultMessage: 'Tribes' })],
  ] as const;
  for (const [name, label] of lists) {
    const n = value[name]?.length ?? 0;
    if (n > 0) chips.push({ key: name, label: `${label} · ${intl.formatNumber(n)}`, without: { ...value, [name]: undefined } });
  }
  if (value.sort === 'distance')
    chips.push({
      key: 'sort',
      label: intl.formatMessage({ id: 'search.sort.distance', defaultMessage: 'Nearest first' }),
      without: { ...value, sort: undefined },
    });
  if (quick)
    for (const chip of activeQuickFilters(value, quick.member))
      chips.push({ key: chip.key, label: intl.formatMessage(chip.label), without: { ...value, [chip.key]: undefined } });
  return chips;
}
