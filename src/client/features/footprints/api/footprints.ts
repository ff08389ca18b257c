import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type FootprintList = Schemas['FootprintList'];
export type Footprint = Schemas['Footprint'];

/** Visitors per page. */
const FOOTPRINTS_LIMIT = 24;

/** SWR key of GET /footprints.php (one page: the first without a cursor). */
export const footprintsKey = (cursor?: string | null) =>
  swrKey('/footprints.php', { limit: FOOTPRINTS_LIMIT, cursor: cursor ?? undefined });

/** GET /footprints.php: a page of who looked at the member's profile, newest first; the first page marks them seen. */
export function listFootprints(api: ApiClient, cursor?: string | null): Promise<FootprintList> {
  return unwrap(api.GET('/footprints.php', { params: { query: { limit: FOOTPRINTS_LIMIT, ...(cursor ? { cursor } : {}) } } }));
}

/** A page of his footprints as the visitors page's loader brought it (the cursor is in the page's address). */
export function useFootprints(enabled: boolean, cursor?: string | null) {
  return usePageResult<FootprintList>(enabled ? footprintsKey(cursor) : null);
}

/** SWR key of GET /footprints-settings.php. */
export const FOOTPRINT_SETTINGS_KEY = swrKey('/footprints-settings.php');

export async function getFootprintSettings(api: ApiClient): Promise<boolean> {
  return (await unwrap(api.GET('/footprints-settings.php'))).enabled;
}

/** PUT /footprints-settings.php: footprints on or off; answers the new state. */
export async function setFootprintSettings(api: ApiClient, enabled: boolean): Promise<boolean> {
  return (await unwrap(api.PUT('/footprints-settings.php', { body: { enabled } }))).enabled;
}

/** Whether footprints are on, as the page's loader brought it (his profile's and the visitors page's). */
export function useFootprintSettings(enabled: boolean) {
  return usePageResult<boolean>(enabled ? FOOTPRINT_SETTINGS_KEY : null);
}
