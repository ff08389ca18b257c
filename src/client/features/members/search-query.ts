import {
  FILTER_KEYS,
  QUICK_FILTERS,
  type GridSort,
  type ListFilter,
  type LookingFor,
  type MaxDistance,
  type Position,
  type SearchFilters,
  type Tribe,
} from './api/list-members';

/*
 * A search as the page's URL holds it: the filters of a URL query and back. Apart from the search's call
 * (api/list-members.ts), which the landing page's preview strip makes too without any of this.
 */

/** The distance bands `max_distance` takes, nearest first. */
export const MAX_DISTANCES = ['lt5', '5to10', '10to25', '25to50', '50to100'] as const satisfies readonly MaxDistance[];
/** The kilometres a distance band reaches (the "Within … km" of `max_distance`). */
export const BAND_KM: Record<MaxDistance, number> = { lt5: 5, '5to10': 10, '10to25': 25, '25to50': 50, '50to100': 100 };

/**
 * The grid's order when the URL names none: nearest band first. members.php answers it by last activity for a viewer
 * without a shared location (and for a visitor), so asking for it needs no extra call before the search; the page
 * names the order by the page's `sort` (the order the backend applied).
 */
export const GRID_DEFAULT_SORT: GridSort = 'distance';

const sortOf = (value: string | null): GridSort | undefined => (value === 'distance' || value === 'last_active' ? value : undefined);

const AGE = /^(1[89]|[2-9][0-9])$/;

/** A height in the contract's range (HeightCm, 120–230 cm). */
const HEIGHT = /^(1[2-9]\d|2[0-2]\d|230)$/;

/**
 * The values of a list filter in the URL, once each and sorted (one search, one address and one key); undefined when
 * none. Only their shape is checked here, so the page's code carries no list of them: a value the contract does not
 * know is the backend's 400.
 */
function listOf<T extends string>(query: URLSearchParams, name: ListFilter): T[] | undefined {
  const values = [...new Set(query.getAll(name))].filter((v) => /^[a-z_]{1,20}$/.test(v)).sort() as T[];
  return values.length > 0 && values.length <= 14 ? values : undefined;
}

/** The filters of a URL query; anything malformed is left out. */
export function filtersFromQuery(query: URLSearchParams): SearchFilters {
  const gender = query.get('gender');
  const country = query.get('country');
  const region = query.get('region');
  const min = query.get('min_age');
  const max = query.get('max_age');
  const distance = query.get('max_distance');
  const minHeight = query.get('min_height');
  const maxHeight = query.get('max_height');
  return {
    gender: gender === 'male' || gender === 'female' ? gender : undefined,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined,
    region: region && /^[1-9][0-9]{0,9}$/.test(region) ? Number(region) : undefined,
    min_age: min && AGE.test(min) ? Number(min) : undefined,
    max_age: max && AGE.test(max) ? Number(max) : undefined,
    max_distance: MAX_DISTANCES.find((d) => d === distance),
    looking_for: listOf<LookingFor>(query, 'looking_for'),
    position: listOf<Position>(query, 'position'),
    tribes: listOf<Tribe>(query, 'tribes'),
    min_height: minHeight && HEIGHT.test(minHeight) ? Number(minHeight) : undefined,
    max_height: maxHeight && HEIGHT.test(maxHeight) ? Number(maxHeight) : undefined,
    sort: sortOf(query.get('sort')),
    ...Object.fromEntries(QUICK_FILTERS.map((key) => [key, query.get(key) === 'true' ? true : undefined])),
  };
}

/** The URL query of a search (filters only, in a fixed order). */
export function queryOfFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
