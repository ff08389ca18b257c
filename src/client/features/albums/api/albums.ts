import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { usePageResult } from '../../../lib/page-data';
import { swrKey } from '../../../lib/swr-key';

export type PrivateAlbum = Schemas['PrivateAlbum'];
export type AlbumShare = Schemas['AlbumShare'];
/** The private albums between the two members of a conversation (the conversation's optional `private_album`). */
export type ChatAlbumInfo = Schemas['ChatAlbumInfo'];

/** SWR key of GET /album.php?id=… (a member's private album, for a member he shares it with). */
export const albumKey = (id: number) => swrKey('/album.php', { id });

export function getAlbum(api: ApiClient, id: number): Promise<PrivateAlbum> {
  return unwrap(api.GET('/album.php', { params: { query: { id } } }));
}

export function useAlbum(id: number | null) {
  const api = useApi();
  return useApiSWR(id ? albumKey(id) : null, () => getAlbum(api, id ?? 0));
}

/** SWR key of GET /album-shares.php (the members the member shares his private album with). */
export const ALBUM_SHARES_KEY = swrKey('/album-shares.php');

export function listAlbumShares(api: ApiClient): Promise<{ shares: AlbumShare[]; limit: number }> {
  return unwrap(api.GET('/album-shares.php'));
}

/** The member's own list of shares, newest first, as the page's loader brought it (taking one back is its action). */
export function useAlbumShares(enabled: boolean) {
  return usePageResult<{ shares: AlbumShare[]; limit: number }>(enabled ? ALBUM_SHARES_KEY : null);
}

/** POST /album-share.php: share the member's own private album with member `id`. */
export async function shareAlbum(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.POST('/album-share.php', { body: { id } }));
}

/** DELETE /album-share.php: take it back. */
export async function unshareAlbum(api: ApiClient, id: number): Promise<void> {
  await unwrap(api.DELETE('/album-share.php', { params: { query: { id } } }));
}
