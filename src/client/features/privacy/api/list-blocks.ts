import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { usePageResult } from '../../../lib/page-data';
import { swrKey } from '../../../lib/swr-key';

export type BlockedMember = Schemas['BlockedMember'];
export const BLOCKS_KEY = swrKey('/blocks.php');

export async function listBlocks(api: ApiClient): Promise<BlockedMember[]> {
  return (await unwrap(api.GET('/blocks.php'))).blocks;
}

/** The members he blocked, as his profile page's loader brought them (unblocking is the page's action). */
export function useBlocks(enabled: boolean) {
  return usePageResult<BlockedMember[]>(enabled ? BLOCKS_KEY : null);
}
