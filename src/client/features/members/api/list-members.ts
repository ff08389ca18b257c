import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';

export type MemberPage = Schemas['MemberPage'];
export interface MembersQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const MEMBERS_PAGE_SIZE = 24;

/** SWR key of GET /members.php; the same string on the server (fallback) and in the browser. */
export function membersKey(query: MembersQuery): string {
  const params = new URLSearchParams();
  if (query.cursor) params.set('cursor', query.cursor);
  params.set('limit', String(query.limit ?? MEMBERS_PAGE_SIZE));
  return `/members.php?${params.toString()}`;
}

export function listMembers(api: ApiClient, query: MembersQuery): Promise<MemberPage> {
  return unwrap(
    api.GET('/members.php', {
      params: { query: { ...(query.cursor ? { cursor: query.cursor } : {}), limit: query.limit ?? MEMBERS_PAGE_SIZE } },
    }),
  );
}

/** One page of members; pass null to skip the request (visitor without search access). */
export function useMembers(query: MembersQuery | null) {
  const api = useApi();
  return useApiSWR(query ? membersKey(query) : null, () => listMembers(api, query ?? {}));
}
