import { Router, type Request, type Response } from 'express';
import { getClient, networkOf } from '../../lib/client';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { randomBytes } from 'node:crypto';
import { AUTH_COOKIE } from '../../../src/shared/constants';
import { currentUser, clearAuthCookie, setAuthCookie, lazyDeviceCookies, setDeviceCookie } from '../session/index';
import { claimDeleteDiscount } from './delete-discount';
import { loginWithLink, requestLoginLink } from './login-link';
import * as service from './service';
import { completeSignup, signup, type SignupInput } from './signup';

const ctxOf = (req: Request, res: Response): service.AccountContext => ({
  site: getSite(res),
  locale: localeFromAcceptLanguage(req.get('accept-language')),
  network: networkOf(getClient(res).ip),
});

export interface AccountRouteOptions {
  /** Accounts one IP may create per hour (default 20). */
  signupsPerHour?: number;
  /** Password-checked account calls (change password/e-mail, delete) per IP per 15 minutes (default 20). */
  sensitivePer15Minutes?: number;
  /** Sign-in links one IP may ask for per hour (default 10). */
  loginLinksPerHour?: number;
}

export function accountsRoutes(deps: service.AccountDeps, opts: AccountRouteOptions = {}): Router {
  const router = Router();
  // Per client address, shared by every instance (lib/rate-limit.ts).
  const signupLimit = rateLimit(deps.db, {
    name: 'signup',
    points: opts.signupsPerHour ?? 20,
    windowSeconds: 3600,
    skipFailedRequests: true,
  });
  const sensitive = rateLimit(deps.db, { name: 'account-sensitive', points: opts.sensitivePer15Minutes ?? 20, windowSeconds: 900 });
  const resetLimit = rateLimit(deps.db, { name: 'reset-request', points: 30, windowSeconds: 3600 });
  const tokenCheckLimit = rateLimit(deps.db, { name: 'token-check', points: 60, windowSeconds: 900 });
  const loginLinkLimit = rateLimit(deps.db, { name: 'login-link', points: opts.loginLinksPerHour ?? 10, windowSeconds: 3600 });
  const deviceCookies = lazyDeviceCookies(deps.db);

  router.post('/signup.php', signupLimit, async (req, res) => {
    const { sessionToken } = await signup(deps, ctxOf(req, res), req.body as SignupInput);
    // Set for a known address too (a session of no account): both answers are the same, cookie included.
    setAuthCookie(req, res, sessionToken);
    res.json({ success: true });
  });

  router.put('/signup.php', async (req, res) => {
    const viewer = getViewer(res);
    await completeSignup(deps, viewer, req.body as { name: string; date_of_birth: string; about?: string });
    res.json({ user: await currentUser(deps.db, viewer, getSite(res).fictional_icon !== '') });
  });

  router.post('/activate.php', async (req, res) => {
    await service.activate(deps, (req.body as { token: string }).token);
    res.json({ success: true });
  });

  router.post('/activation-mail.php', async (req, res) => {
    await service.resendActivation(deps, ctxOf(req, res), getViewer(res));
    res.json({ success: true });
  });

  router.get('/reset-password.php', tokenCheckLimit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    await service.checkResetToken(deps, (req.query as { token: string }).token);
    res.json({ success: true });
  });

  router.post('/reset-password.php', resetLimit, async (req, res) => {
    await service.requestPasswordReset(deps, ctxOf(req, res), (req.body as { email: string }).email);
    res.json({ success: true });
  });

  router.put('/reset-password.php', sensitive, async (req, res) => {
    await service.resetPassword(deps, ctxOf(req, res), req.body as { token: string; password: string; password_repeat: string });
    res.json({ success: true });
  });

  router.post('/login-link.php', loginLinkLimit, async (req, res) => {
    await requestLoginLink(deps, ctxOf(req, res), (req.body as { email: string }).email);
    res.json({ success: true });
  });

  // The link's page posts the token (a GET of the page never spends it): a session and a device cookie for this browser.
  router.put('/login-link.php', tokenCheckLimit, async (req, res) => {
    const site = getSite(res);
    const previous: unknown = (req.cookies as Record<string, unknown> | undefined)?.[AUTH_COOKIE];
    const sessionToken = randomBytes(16).toString('hex');
    const { userId, deviceEpoch, viewer } = await loginWithLink(deps.db, {
      siteId: site.id,
      token: (req.body as { token: string }).token,
      previousToken: typeof previous === 'string' ? previous : undefined,
      sessionToken,
    });
    setAuthCookie(req, res, sessionToken);
    setDeviceCookie(req, res, (await deviceCookies()).issue(userId, deviceEpoch));
    req.log.info({ userId }, 'login by link');
    res.json({ user: await currentUser(deps.db, viewer, site.fictional_icon !== '') });
  });

  router.put('/password.php', sensitive, async (req, res) => {
    await service.changePassword(deps, getViewer(res), req.body as { old_password: string; password: string; password_repeat: string });
    res.json({ success: true });
  });

  router.post('/mail-change.php', sensitive, async (req, res) => {
    await service.requestMailChange(deps, ctxOf(req, res), getViewer(res), req.body as { password: string; email: string });
    res.json({ success: true });
  });

  router.put('/mail-change.php', async (req, res) => {
    await service.confirmMailChange(deps, ctxOf(req, res), (req.body as { token: string }).token);
    res.json({ success: true });
  });

  router.delete('/account.php', sensitive, async (req, res) => {
    await service.deleteAccount(
      deps,
      ctxOf(req, res),
      getViewer(res),
      req.body as { password: string; reasons: string[]; comment?: string },
    );
    clearAuthCookie(req, res);
    res.json({ success: true });
  });

  router.post('/delete-discount.php', async (_req, res) => {
    res.json(await claimDeleteDiscount(deps.db, getSite(res), requireViewer(res)));
  });

  router.post('/account.php', async (req, res) => {
    await service.reactivateAccount(deps, (req.body as { token: string }).token);
    res.json({ success: true });
  });

  router.get('/notifications.php', async (_req, res) => {
    res.json(await service.notificationSettings(deps, getViewer(res)));
  });

  router.put('/notifications.php', async (req, res) => {
    const { mail } = req.body as { mail: Record<(typeof service.MAIL_KINDS)[number], boolean> };
    res.json(await service.saveNotificationSettings(deps, getViewer(res), mail));
  });

  return router;
}
