import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';
import { usePageResult } from '../../../lib/page-data';

export type ModeratorTeam = Schemas['ModeratorTeam'];
export type TeamMember = Schemas['TeamMember'];
export type RoleChange = Schemas['RoleChange'];
export type ModeratorRoleRequest = Schemas['ModeratorRoleRequest'];
export const TEAM_KEY = swrKey('/moderators.php');

/** GET /moderators.php (admins): the site's moderators and admins, and the audit of role changes. */
export function listModerators(api: ApiClient): Promise<ModeratorTeam> {
  return unwrap(api.GET('/moderators.php'));
}

/** The team as the page's loader brought it (a role change is the page's action; the loader then brings it again). */
export function useModeratorTeam() {
  return usePageResult<ModeratorTeam>(TEAM_KEY);
}

/**
 * PUT /moderators.php (admins): grants (`moderator`) or withdraws (`member`) the moderator role of the member named by
 * id or address; 404 for nobody of that id or address, 403 `admin_role_fixed` for an admin.
 */
export function setModeratorRole(api: ApiClient, body: ModeratorRoleRequest): Promise<Schemas['ModeratorRoleResult']> {
  return unwrap(api.PUT('/moderators.php', { body }));
}
