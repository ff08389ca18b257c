import { Router } from 'express';
import type { Locale } from '../../../src/shared/locales';
import { getClient } from '../../lib/client';
import type { Db } from '../../lib/db';
import { getSite, getViewer } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { authToken, clearAuthCookie, setAuthCookie } from './cookie';
import { presentedDeviceCookie, setDeviceCookie, type DeviceCookies } from './device';
import { navCounts } from '../social/index';
import { unreadStatement } from '../safety/index';
import * as service from './service';
import type { LegacyMembers } from '../legacy/index';

export function sessionRoutes(db: Db, deviceCookies: () => Promise<DeviceCookies>, legacy?: LegacyMembers): Router {
  const router = Router();
  const fictionalIcon = (site: { fictional_icon: string }) => site.fictional_icon !== '';

  // The navigation counts come with the user: a page asks one call for both instead of three.
  router.get('/user.php', async (_req, res) => {
    const viewer = getViewer(res);
    const [user, counts, unread] = await Promise.all([
      service.currentUser(db, viewer, fictionalIcon(getSite(res))),
      viewer ? navCounts(db, viewer.userId) : null,
      // The newest decision about him he has not read yet: every page of his shows its notice until he opens it.
      viewer ? unreadStatement(db, viewer.userId) : null,
    ]);
    res.json({ user: { ...user, unread_statement: unread }, counts });
  });

  router.post('/user.php', async (req, res) => {
    const site = getSite(res);
    const body = req.body as { email?: string; password?: string; subscription?: unknown };
    if ((req.query as { push?: unknown }).push !== undefined) {
      if (!('subscription' in body)) throw badRequest({ field: 'subscription' });
      await service.savePush(db, getViewer(res), body.subscription);
      res.json({ success: true });
      return;
    }
    if (typeof body.email !== 'string' || typeof body.password !== 'string') throw badRequest({ field: 'email' });
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
    res.json({ user });
  });

  router.put('/user.php', async (req, res) => {
    const viewer = getViewer(res);
    await service.setLanguage(db, viewer, (req.body as { language: Locale }).language);
    res.json({ user: await service.currentUser(db, viewer, fictionalIcon(getSite(res))) });
  });

  router.get('/logout.php', async (req, res) => {
    await service.logout(db, authToken(req));
    clearAuthCookie(req, res);
    res.json({ success: true });
  });

  router.post('/page-hidden.php', async (_req, res) => {
    await service.pageHidden(db, getViewer(res));
    res.status(204).end();
  });

  return router;
}
