import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

export type Interest = Schemas['Interest'];
export const INTERESTS_KEY = swrKey('/interests.php');

export async function getInterests(api: ApiClient): Promise<Interest[]> {
  return (await unwrap(api.GET('/interests.php'))).interests;
}
