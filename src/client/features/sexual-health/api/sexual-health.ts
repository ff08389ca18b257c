import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type SexualHealth = Schemas['SexualHealth'];
export type SexualHealthUpdate = Schemas['SexualHealthUpdate'];
export type SexualHealthShown = Schemas['SexualHealthShown'];

export const SEXUAL_HEALTH_KEY = swrKey('/sexual-health.php');

/** GET /sexual-health.php: whether he consented, his values, who sees them and his test reminder (his alone). */
export function getSexualHealth(api: ApiClient): Promise<SexualHealth> {
  return unwrap(api.GET('/sexual-health.php'));
}

/** His sexual health as the page's loader brought it (the page's action writes it; the loader then brings it again). */
export function useSexualHealth(enabled = true) {
  return usePageResult<SexualHealth>(enabled ? SEXUAL_HEALTH_KEY : null);
}

/** PUT /sexual-health.php: the consent (first time, `consent: true`) and the values; 409 without a consent. */
export function putSexualHealth(api: ApiClient, body: SexualHealthUpdate): Promise<SexualHealth> {
  return unwrap(api.PUT('/sexual-health.php', { body }));
}

/** DELETE /sexual-health.php: withdraws the consent, which deletes every value and the reminder. */
export function deleteSexualHealth(api: ApiClient): Promise<SexualHealth> {
  return unwrap(api.DELETE('/sexual-health.php'));
}
