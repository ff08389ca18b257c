import { Router } from 'express';
import type { Db } from '../../lib/db';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { authenticationRequired } from '../../lib/errors';
import * as editService from './edit-service';
import * as service from './service';

interface SearchParams {
  cursor?: string;
  limit?: number;
  country?: string;
  gender?: 'male' | 'female';
  region?: number;
  min_age?: number;
  max_age?: number;
  network?: string;
  sort?: 'last_active' | 'distance';
  online?: boolean | string;
  with_photo?: boolean | string;
  new?: boolean | string;
  nearby?: boolean | string;
  verified?: boolean | string;
}

/** A boolean query parameter as the contract's validator leaves it (coerced, or the text it checked). */
const isTrue = (value: boolean | string | undefined): boolean => value === true || value === 'true';

export function membersRoutes(db: Db): Router {
  const router = Router();

  router.get('/members.php', async (req, res) => {
    const site = getSite(res);
    const viewer = getViewer(res);
    const q = req.query as SearchParams;
    // The same rule as the client's canSearchMembers: members always, visitors per the site's settings.
    const allowed = viewer !== null || site.logged_out_search || (site.logged_out_search_trafficsource && Boolean(q.network));
    if (!allowed) throw authenticationRequired();
    res.json(
      await service.listMembers(db, {
        siteId: site.id,
        viewerId: viewer?.userId ?? null,
        country: q.country,
        gender: q.gender,
        region: q.region === undefined ? undefined : Number(q.region),
        minAge: q.min_age === undefined ? undefined : Number(q.min_age),
        maxAge: q.max_age === undefined ? undefined : Number(q.max_age),
        limit: Number(q.limit ?? 24),
        cursor: q.cursor,
        sort: q.sort,
        online: isTrue(q.online),
        withPhoto: isTrue(q.with_photo),
        verified: isTrue(q.verified),
        newMembers: isTrue(q.new),
        nearby: isTrue(q.nearby),
      }),
    );
  });

  router.get('/profile.php', async (req, res) => {
    const viewer = getViewer(res);
    const id = Number((req.query as { id?: unknown }).id);
    res.json({
      profile: await service.getProfile(db, {
        siteId: getSite(res).id,
        id,
        viewerId: viewer?.userId ?? null,
        viewerPaid: viewer?.paidUser ?? false,
      }),
    });
  });

  router.put('/profile.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json({ profile: await editService.updateProfile(db, getSite(res), viewer.userId, req.body as editService.ProfileUpdate) });
  });

  router.get('/my-profile.php', async (_req, res) => {
    res.json({ profile: await editService.getMyProfile(db, requireViewer(res).userId) });
  });

  return router;
}
