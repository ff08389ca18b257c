import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey, type GetQuery } from '../../../lib/swr-key';

export type MemberPage = Schemas['MemberPage'];

/** The search state; kept in the URL query so it survives navigation and reloads. */
export interface SearchFilters {
  gender?: 'male' | 'female' | undefined;
  country?: string | undefined;
  region?: number | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  /**
   * The order the member chose: nearest distance band first, or most recently active first. Absent, the grid's default
   * (GRID_DEFAULT_SORT) applies.
   */
  sort?: GridSort | undefined;
  /** The quick filters (QUICK_FILTERS): set only when on. */
  online?: true | undefined;
  with_photo?: true | undefined;
  new?: true | undefined;
  nearby?: true | undefined;
  verified?: true | undefined;
  /** Online now and looking for a meeting today. */
  right_now?: true | undefined;
  /** At or nearer than this distance band (members with a shared location). */
  max_distance?: MaxDistance | undefined;
  /** The profile's own words, any of the ones chosen (in the contract's order); absent when none is. */
  looking_for?: LookingFor[] | undefined;
  position?: Position[] | undefined;
  tribes?: Tribe[] | undefined;
  /** Height range, whole centimetres. */
  min_height?: number | undefined;
  max_height?: number | undefined;
}

/** The distance bands `max_distance` takes, nearest first. */
export const MAX_DISTANCES = ['lt5', '5to10', '10to25', '25to50', '50to100'] as const;
export type MaxDistance = (typeof MAX_DISTANCES)[number];
/** The kilometres a distance band reaches (the "Within … km" of `max_distance`). */
export const BAND_KM: Record<MaxDistance, number> = { lt5: 5, '5to10': 10, '10to25': 25, '25to50': 50, '50to100': 100 };
/** The values of the profile's own words (openapi.yaml LookingFor, Position, Tribes; the sheet lists them). */
export type LookingFor = Schemas['LookingFor'][number];
export type Position = NonNullable<Schemas['Position']>;
export type Tribe = Schemas['Tribes'][number];

/** The filters that are lists (`name=a&name=b` in the URL and in members.php's query). */
const LIST_FILTERS = ['looking_for', 'position', 'tribes'] as const;
type ListFilter = (typeof LIST_FILTERS)[number];

/**
 * The quick filters of the search (the chips over the grid): each is `name=true` in the page's URL and the same
 * boolean parameter of members.php, absent when off.
 */
const QUICK_FILTERS = ['online', 'right_now', 'with_photo', 'nearby', 'new', 'verified'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** Every filter of a search, in the URL's fixed order. */
const FILTER_KEYS = [
  'gender',
  'country',
  'region',
  'min_age',
  'max_age',
  'max_distance',
  ...LIST_FILTERS,
  'min_height',
  'max_height',
  'sort',
  ...QUICK_FILTERS,
] as const;

export interface MembersQuery extends SearchFilters {
  cursor?: string | undefined;
  limit?: number | undefined;
  /** A visitor's traffic source (lets visitors search when the site allows it). */
  network?: string | undefined;
}

export type GridSort = 'distance' | 'last_active';

/**
 * The grid's order when the URL names none: nearest band first. members.php answers it by last activity for a viewer
 * without a shared location (and for a visitor), so asking for it needs no extra call before the search; the page
 * names the order by the page's `sort` (the order the backend applied).
 */
export const GRID_DEFAULT_SORT: GridSort = 'distance';

const sortOf = (value: string | null): GridSort | undefined => (value === 'distance' || value === 'last_active' ? value : undefined);

const MEMBERS_PAGE_SIZE = 24;
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

/** The parameters of GET /members.php for a search: the call and its key alike. */
function membersQuery(query: MembersQuery): GetQuery<'/members.php'> {
  const q: GetQuery<'/members.php'> = { limit: query.limit ?? MEMBERS_PAGE_SIZE };
  for (const key of [...FILTER_KEYS, 'cursor', 'network'] as const) {
    const value = query[key];
    if (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '') Object.assign(q, { [key]: value });
  }
  return q;
}

/** The key of a search's answer: the same string on the server (the loader's data) and in the browser. */
export function membersKey(query: MembersQuery): string {
  return swrKey('/members.php', membersQuery(query));
}

export function listMembers(api: ApiClient, query: MembersQuery): Promise<MemberPage> {
  return unwrap(api.GET('/members.php', { params: { query: membersQuery(query) } }));
}
