import type { Request, RequestHandler } from 'express';
import { MEMBER_ASSERTION_HEADER, sessionHash, verifyMemberAssertion, type MemberAssertion } from '../../../src/shared/member-assertion';
import type { Db } from '../../lib/db';
import { setSite, setViewer } from '../../lib/context';
import type { LegacyMembers } from '../legacy/index';
import { requestHost } from '../site-data/index';
import { authToken } from './cookie';
import * as service from './service';

/**
 * The identity bridge's receiving end: the secret shared with the BFF (which signs the assertions), the PHP
 * service's session cookie, and where members from there are learnt.
 */
export interface SessionBridge {
  secret: string;
  cookieName: string;
  legacy: LegacyMembers;
}

/**
 * The bridge's assertion of this request, when it is the BFF's (right MAC, this request, not expired) and names the
 * PHP session cookie this request carries; else null. Only asked when the request has no session of its own.
 */
function bridgedAsker(req: Request, bridge: SessionBridge): { claims: MemberAssertion; cookie: string } | null {
  const header = req.get(MEMBER_ASSERTION_HEADER);
  if (!header) return null;
  const claims = verifyMemberAssertion(bridge.secret, header, {
    method: req.method,
    path: req.originalUrl,
    requestId: req.get('x-request-id'),
  });
  const cookie: unknown = (req.cookies as Record<string, unknown> | undefined)?.[bridge.cookieName];
  if (!claims || typeof cookie !== 'string' || sessionHash(cookie) !== claims.sid) return null;
  return { claims, cookie };
}

/**
 * Picks the site (requestHost; unknown hosts get the default site) and loads the viewer from the `auth` cookie, for
 * every API request: one query for both. Without an `auth` cookie, a member whose session lives on the PHP service
 * is the viewer when the BFF's identity bridge vouches for him (`bridge`; see service.resolveSiteAndViewer).
 */
export function siteAndSessionMiddleware(db: Db, bridge?: SessionBridge): RequestHandler {
  // The site rows parsed before, checked against the database's version of the row on every request.
  const siteCache = service.createSiteCache();
  return async (req, res, next) => {
    const token = authToken(req);
    const bridged = bridge && token === undefined ? bridgedAsker(req, bridge) : null;
    const { site, viewer } = await service.resolveSiteAndViewer(
      db,
      requestHost(req),
      token,
      bridged && bridge ? { ...bridged, legacy: bridge.legacy } : undefined,
      siteCache,
    );
    setSite(res, site);
    setViewer(res, viewer);
    next();
  };
}
