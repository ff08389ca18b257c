import { getClient } from '../../lib/client';
import type { Db } from '../../lib/db';
import { getSite, getViewer } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { authToken, clearAuthCookie, setAuthCookie } from './cookie';
import { presentedDeviceCookie, setDeviceCookie, type DeviceCookies } from './device';
import { navCounts } from '../social/index';
import { countNewFootprints } from '../footprints/index';
import { unreadStatement } from '../safety/index';
import * as service from './service';
import type { LegacyMembers } from '../legacy/index';

export type SessionOperations = 'getUser' | 'postUser' | 'putUser' | 'logout' | 'pageHidden';

export function sessionOperations(
  db: Db,
  deviceCookies: () => Promise<DeviceCookies>,
  legacy?: LegacyMembers,
): Operations<SessionOperations> {
  const fictionalIcon = (site: { fictional_icon: string }) => site.fictional_icon !== '';

  return {
    // The navigation counts come with the user: a page asks one call for both instead of three.
    getUser: {
      handle: async ({ res }) => {
        const viewer = getViewer(res);
        const [user, counts, footprints, unread] = await Promise.all([
          service.currentUser(db, viewer, fictionalIcon(getSite(res))),
          // Without a viewer currentUser refuses (403), so an answer always has the counts.
          viewer ? navCounts(db, viewer.userId) : undefined,
          viewer ? countNewFootprints(db, viewer.userId) : undefined,
          // The newest decision about him he has not read yet: every page of his shows its notice until he opens it.
          viewer ? unreadStatement(db, viewer.userId) : null,
        ]);
        return {
          user: { ...user, unread_statement: unread },
          counts: counts && (footprints === undefined ? counts : { ...counts, footprints }),
        };
      },
    },
    postUser: {
      handle: async ({ req, res, query, body }) => {
        const site = getSite(res);
        if (query.push !== undefined) {
          if (!('subscription' in body)) throw badRequest({ field: 'subscription' });
          await service.savePush(db, getViewer(res), body.subscription);
          return { success: true };
        }
        if (!('email' in body)) throw badRequest({ field: 'email' });
        const devices = await deviceCookies();
        const { token, userId, deviceEpoch } = await service.login(db, {
          siteId: site.id,
          email: body.email,
          password: body.password,
          ip: getClient(res).ip,
          previousToken: authToken(req),
          device: devices.read(presentedDeviceCookie(req)),
          legacy,
          requestId: req.get('x-request-id'),
        });
        setAuthCookie(req, res, token);
        // This browser has now logged in to the account: a fresh device cookie makes its next logins trusted.
        setDeviceCookie(req, res, devices.issue(userId, deviceEpoch));
        const user = await service.currentUser(
          db,
          { userId, sessionId: service.sessionIdOf(token), paidUser: false, language: 'en' },
          fictionalIcon(site),
        );
        req.log.info({ userId }, 'login');
        return { user };
      },
    },
    putUser: {
      handle: async ({ res, body }) => {
        const viewer = getViewer(res);
        await service.setLanguage(db, viewer, body.language);
        return { user: await service.currentUser(db, viewer, fictionalIcon(getSite(res))) };
      },
    },
    logout: {
      handle: async ({ req, res }) => {
        await service.logout(db, authToken(req));
        clearAuthCookie(req, res);
        return { success: true };
      },
    },
    pageHidden: {
      handle: async ({ res }): Promise<Answered> => {
        await service.pageHidden(db, getViewer(res));
        res.status(204).end();
        return ANSWERED;
      },
    },
  };
}
