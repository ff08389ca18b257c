import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type BlockedMember = Schemas['BlockedMember'];
export const BLOCKS_KEY = swrKey('/blocks.php');

export async function listBlocks(api: ApiClient): Promise<BlockedMember[]> {
  return (await unwrap(api.GET('/blocks.php'))).blocks;
}

export function useBlocks(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? BLOCKS_KEY : null, () => listBlocks(api));
}
