import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

export type TransparencyCounts = Schemas['TransparencyCounts'];
export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

const query = (p: Period) =>
  new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();

export const transparencyCountsKey = (p: Period) => swrKey('/transparency-counts.php', p);

/** GET /transparency-counts.php: the period's reports, actions, time to a decision, appeals and reversals (moderators). */
export function getTransparencyCounts(api: ApiClient, p: Period): Promise<TransparencyCounts> {
  return unwrap(api.GET('/transparency-counts.php', { params: { query: p } }));
}

/** Where the browser downloads the period's statements of reasons as one JSON file (the moderator's session). */
export const statementsDownloadPath = (p: Period) =>
  `/api/transparency-statements.php?${query({ ...p })}${query(p) ? '&' : ''}download=true`;

/** A period from the page's query (`from`, `to` as YYYY-MM-DD); anything else is left to the backend's default. */
export function periodFromSearch(search: URLSearchParams): Period {
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  return { from: day(search.get('from')), to: day(search.get('to')) };
}
