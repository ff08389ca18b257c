import type { Db } from '../../lib/db';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { authenticationRequired } from '../../lib/errors';
import type { Operations } from '../../lib/operations';
import * as editService from './edit-service';
import * as service from './service';

export type MemberOperations = 'listMembers' | 'getProfile' | 'updateProfile' | 'getMyProfile';

/** A visit of another member's profile by a member (the footprints component records it; app.ts hands it in). */
export type ProfileViewed = (visit: { siteId: number; viewerId: number; viewedId: number }) => Promise<void>;

export function membersOperations(db: Db, profileViewed?: ProfileViewed): Operations<MemberOperations> {
  return {
    listMembers: {
      handle: async ({ res, query: q }) => {
        const site = getSite(res);
        const viewer = getViewer(res);
        // The same rule as the client's canSearchMembers: members always, visitors per the site's settings.
        const allowed = viewer !== null || site.logged_out_search || (site.logged_out_search_trafficsource && Boolean(q.network));
        if (!allowed) throw authenticationRequired();
        return service.listMembers(db, {
          siteId: site.id,
          viewerId: viewer?.userId ?? null,
          country: q.country,
          gender: q.gender,
          region: q.region,
          minAge: q.min_age,
          maxAge: q.max_age,
          limit: q.limit ?? 24,
          cursor: q.cursor,
          sort: q.sort,
          online: q.online,
          withPhoto: q.with_photo,
          verified: q.verified,
          newMembers: q.new,
          nearby: q.nearby,
          maxDistance: q.max_distance,
          lookingFor: q.looking_for,
          position: q.position,
          tribes: q.tribes,
          minHeight: q.min_height,
          maxHeight: q.max_height,
          rightNow: q.right_now,
        });
      },
    },
    getProfile: {
      handle: async ({ res, query }) => {
        const viewer = getViewer(res);
        const siteId = getSite(res).id;
        // The footprint goes beside the profile's own reads (one statement that checks the visit itself, never failing).
        const [profile] = await Promise.all([
          service.getProfile(db, { siteId, id: query.id, viewerId: viewer?.userId ?? null, viewerPaid: viewer?.paidUser ?? false }),
          viewer && profileViewed ? profileViewed({ siteId, viewerId: viewer.userId, viewedId: query.id }) : undefined,
        ]);
        return { profile };
      },
    },
    updateProfile: {
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        return { profile: await editService.updateProfile(db, getSite(res), viewer.userId, body) };
      },
    },
    getMyProfile: { handle: async ({ res }) => ({ profile: await editService.getMyProfile(db, requireViewer(res).userId) }) },
  };
}
