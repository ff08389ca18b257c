import type { RequestHandler } from 'express';
import { getSite, getViewer } from '../../lib/context';
import type { LegacyMembers } from './service';

/** The member a request is about: `profile_id` in its query or JSON body, or `id` of profile.php. */
function memberIdOf(path: string, query: Record<string, unknown>, body: unknown): number | null {
  const raw = (body as { profile_id?: unknown } | null)?.profile_id ?? query.profile_id ?? (path === '/profile.php' ? query.id : undefined);
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Members learnt on first sight: when a member whose session lives on the PHP service (the identity bridge) looks at,
 * likes or writes to a member this backend has never seen, that member is learnt from the PHP service first, as the
 * member asking (his PHP session), so the operation finds him. Only for bridged viewers; a member the PHP service
 * does not show him stays unknown and the operation answers as for any unknown member.
 */
export function learnMembersOnSight(legacy: LegacyMembers): RequestHandler {
  return async (req, res, next) => {
    const viewer = getViewer(res);
    if (!viewer?.legacySession) return next();
    const id = memberIdOf(req.path, req.query, req.body);
    if (id !== null && id !== viewer.userId) await legacy.learnOther(getSite(res).id, id, viewer.legacySession, req.get('x-request-id'));
    next();
  };
}
