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
   * (search-query.ts GRID_DEFAULT_SORT) applies.
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

/** A distance band of `max_distance` (search-query.ts MAX_DISTANCES). */
export type MaxDistance = NonNullable<GetQuery<'/members.php'>['max_distance']>;
/** The values of the profile's own words (openapi.yaml LookingFor, Position, Tribes; the sheet lists them). */
export type LookingFor = Schemas['LookingFor'][number];
export type Position = NonNullable<Schemas['Position']>;
export type Tribe = Schemas['Tribes'][number];

/** The filters that are lists (`name=a&name=b` in the URL and in members.php's query). */
const LIST_FILTERS = ['looking_for', 'position', 'tribes'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/**
 * The quick filters of the search (the chips over the grid): each is `name=true` in the page's URL and the same
 * boolean parameter of members.php, absent when off.
 */
export const QUICK_FILTERS = ['online', 'right_now', 'with_photo', 'nearby', 'new', 'verified'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** Every filter of a search, in the URL's fixed order. */
export const FILTER_KEYS = [
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

const MEMBERS_PAGE_SIZE = 24;

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
