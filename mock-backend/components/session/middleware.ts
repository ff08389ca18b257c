import type { RequestHandler } from 'express';
import type { Db } from '../../lib/db';
import { setSite, setViewer } from '../../lib/context';
import { requestHost } from '../site-data/index';
import { authToken } from './cookie';
import * as service from './service';

/**
 * Picks the site (requestHost; unknown hosts get the default site) and loads the viewer from the `auth` cookie, for
 * every API request: one query for both.
 */
export function siteAndSessionMiddleware(db: Db): RequestHandler {
  return async (req, res, next) => {
    const { site, viewer } = await service.resolveSiteAndViewer(db, requestHost(req), authToken(req));
    setSite(res, site);
    setViewer(res, viewer);
    next();
  };
}
