import type { Request, Response } from 'express';
import { getClient, networkOf } from '../../lib/client';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import type { Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import { randomBytes } from 'node:crypto';
import { AUTH_COOKIE } from '../../../src/shared/constants';
import { currentUser, clearAuthCookie, setAuthCookie, lazyDeviceCookies, setDeviceCookie } from '../session/index';
import { claimDeleteDiscount } from './delete-discount';
import { loginWithLink, requestLoginLink } from './login-link';
import * as service from './service';
import { completeSignup, signup } from './signup';

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

export type AccountOperations =
  | 'signup'
  | 'completeSignup'
  | 'activate'
  | 'resendActivationMail'
  | 'checkResetToken'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'requestLoginLink'
  | 'loginWithLink'
  | 'changePassword'
  | 'requestMailChange'
  | 'confirmMailChange'
  | 'deleteAccount'
  | 'claimDeleteDiscount'
  | 'reactivateAccount'
  | 'getNotificationSettings'
  | 'putNotificationSettings';

export function accountsOperations(deps: service.AccountDeps, opts: AccountRouteOptions = {}): Operations<AccountOperations> {
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

  return {
    signup: {
      use: [signupLimit],
      handle: async ({ req, res, body }) => {
        const { sessionToken } = await signup(deps, ctxOf(req, res), body);
        // Set for a known address too (a session of no account): both answers are the same, cookie included.
        setAuthCookie(req, res, sessionToken);
        return { success: true };
      },
    },
    completeSignup: {
      handle: async ({ res, body }) => {
        const viewer = getViewer(res);
        await completeSignup(deps, viewer, body);
        return { user: await currentUser(deps.db, viewer, getSite(res).fictional_icon !== '') };
      },
    },
    activate: {
      handle: async ({ body }) => {
        await service.activate(deps, body.token);
        return { success: true };
      },
    },
    resendActivationMail: {
      handle: async ({ req, res }) => {
        await service.resendActivation(deps, ctxOf(req, res), getViewer(res));
        return { success: true };
      },
    },
    checkResetToken: {
      use: [tokenCheckLimit],
      handle: async ({ res, query }) => {
        res.setHeader('Cache-Control', 'no-store');
        await service.checkResetToken(deps, query.token);
        return { success: true };
      },
    },
    requestPasswordReset: {
      use: [resetLimit],
      handle: async ({ req, res, body }) => {
        await service.requestPasswordReset(deps, ctxOf(req, res), body.email);
        return { success: true };
      },
    },
    resetPassword: {
      use: [sensitive],
      handle: async ({ req, res, body }) => {
        await service.resetPassword(deps, ctxOf(req, res), body);
        return { success: true };
      },
    },
    requestLoginLink: {
      use: [loginLinkLimit],
      handle: async ({ req, res, body }) => {
        await requestLoginLink(deps, ctxOf(req, res), body.email);
        return { success: true };
      },
    },
    // The link's page posts the token (a GET of the page never spends it): a session and a device cookie for this browser.
    loginWithLink: {
      use: [tokenCheckLimit],
      handle: async ({ req, res, body }) => {
        const site = getSite(res);
        const previous: unknown = (req.cookies as Record<string, unknown> | undefined)?.[AUTH_COOKIE];
        const sessionToken = randomBytes(16).toString('hex');
        const { userId, deviceEpoch, viewer } = await loginWithLink(deps.db, {
          siteId: site.id,
          token: body.token,
          previousToken: typeof previous === 'string' ? previous : undefined,
          sessionToken,
        });
        setAuthCookie(req, res, sessionToken);
        setDeviceCookie(req, res, (await deviceCookies()).issue(userId, deviceEpoch));
        req.log.info({ userId }, 'login by link');
        return { user: await currentUser(deps.db, viewer, site.fictional_icon !== '') };
      },
    },
    changePassword: {
      use: [sensitive],
      handle: async ({ res, body }) => {
        await service.changePassword(deps, getViewer(res), body);
        return { success: true };
      },
    },
    requestMailChange: {
      use: [sensitive],
      handle: async ({ req, res, body }) => {
        await service.requestMailChange(deps, ctxOf(req, res), getViewer(res), body);
        return { success: true };
      },
    },
    confirmMailChange: {
      handle: async ({ req, res, body }) => {
        await service.confirmMailChange(deps, ctxOf(req, res), body.token);
        return { success: true };
      },
    },
    deleteAccount: {
      use: [sensitive],
      handle: async ({ req, res, body }) => {
        await service.deleteAccount(deps, ctxOf(req, res), getViewer(res), body);
        clearAuthCookie(req, res);
        return { success: true };
      },
    },
    claimDeleteDiscount: { handle: async ({ res }) => claimDeleteDiscount(deps.db, getSite(res), requireViewer(res)) },
    reactivateAccount: {
      handle: async ({ body }) => {
        await service.reactivateAccount(deps, body.token);
        return { success: true };
      },
    },
    getNotificationSettings: { handle: async ({ res }) => service.notificationSettings(deps, getViewer(res)) },
    putNotificationSettings: {
      handle: async ({ res, body }) => service.saveNotificationSettings(deps, getViewer(res), body.mail),
    },
  };
}
