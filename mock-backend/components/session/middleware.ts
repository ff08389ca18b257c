import type { Request, RequestHandler } from 'express';
import { MEMBER_ASSERTION_HEADER, sessionHash, type AssertionVerifier, type MemberAssertion } from '../../../src/shared/member-assertion';
import type { Db } from '../../lib/db';
import { setSite, setViewer } from '../../lib/context';
import type { LegacyMembers } from '../legacy/index';
import { requestHost } from '../site-data/index';
import { authToken } from './cookie';
import * as service from './service';

/**
 * The identity bridge's receiving end: the public keys that verify the BFF's assertions (and this backend's name they
 * must be made for), the PHP service's session cookie, and where members from there are learnt.
 */
export interface SessionBridge {
  verifier: AssertionVerifier;
  cookieName: string;
  legacy: LegacyMembers;
}

/**
 * The bridge's assertion of this request, when it is the BFF's (a key of the set, this backend, this request, not
 * expired) and names the PHP session cookie this request carries; else null. Only asked when the request has no
 * session of its own. Whether it was seen before is resolveSiteAndViewer's question (it needs the database).
 */
async function bridgedAsker(req: Request, bridge: SessionBridge): Promise<{ claims: MemberAssertion; cookie: string } | null> {
  const header = req.get(MEMBER_ASSERTION_HEADER);
  if (!header) return null;
  const claims = await bridge.verifier.verify(header, { method: req.method, path: req.originalUrl, requestId: req.get('x-request-id') });
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
    const bridged = bridge && token === undefined ? await bridgedAsker(req, bridge) : null;
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
