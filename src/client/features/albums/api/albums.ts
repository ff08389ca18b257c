import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type PrivateAlbum = Schemas['PrivateAlbum'];

/** SWR key of GET /album.php?id=… (a member's private album, for a member he shares it with). */
export const albumKey = (id: number) => swrKey('/album.php', { id });

export function getAlbum(api: ApiClient, id: number): Promise<PrivateAlbum> {
  return unwrap(api.GET('/album.php', { params: { query: { id } } }));
}

export function useAlbum(id: number | null) {
  const api = useApi();
  return useApiSWR(id ? albumKey(id) : null, () => getAlbum(api, id ?? 0));
}

/** POST /album-share.php: share the member's own private album with member `id`. */
export async function shareAlbum(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.POST('/album-share.php', { body: { id } }));
}

/** DELETE /album-share.php: take it back. */
export async function unshareAlbum(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.DELETE('/album-share.php', { params: { query: { id } } }));
}
