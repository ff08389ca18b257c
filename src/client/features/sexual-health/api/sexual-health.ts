import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type SexualHealth = Schemas['SexualHealth'];
export type SexualHealthUpdate = Schemas['SexualHealthUpdate'];
export type SexualHealthShown = Schemas['SexualHealthShown'];

export const SEXUAL_HEALTH_KEY = swrKey('/sexual-health.php');

/** GET /sexual-health.php: whether he consented, his values, who sees them and his test reminder (his alone). */
export function getSexualHealth(api: ApiClient): Promise<SexualHealth> {
  return unwrap(api.GET('/sexual-health.php'));
}

export function useSexualHealth(enabled = true) {
  const api = useApi();
  return useApiSWR(enabled ? SEXUAL_HEALTH_KEY : null, () => getSexualHealth(api));
}

/** PUT /sexual-health.php: the consent (first time, `consent: true`) and the values; 409 without a consent. */
export function putSexualHealth(api: ApiClient, body: SexualHealthUpdate): Promise<SexualHealth> {
  return unwrap(api.PUT('/sexual-health.php', { body }));
}

/** DELETE /sexual-health.php: withdraws the consent, which deletes every value and the reminder. */
export function deleteSexualHealth(api: ApiClient): Promise<SexualHealth> {
  return unwrap(api.DELETE('/sexual-health.php'));
}
