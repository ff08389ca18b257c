import type { SWRConfiguration } from 'swr';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { listMembers, membersKey, type MemberPage, type MembersQuery } from '../api/list-members';

/** One page of members; pass null to skip the request (visitor without search access). */
export function useMembers(query: MembersQuery | null, config?: SWRConfiguration<MemberPage>) {
  const api = useApi();
  return useApiSWR(query ? membersKey(query) : null, () => listMembers(api, query ?? {}), config);
}
