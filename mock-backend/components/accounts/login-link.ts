import { createHash } from 'node:crypto';
import { checkEmail } from '../../../src/shared/account-rules';
import { isLocale } from '../../../src/shared/locales';
import type { Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import {
  createSession,
  deleteSession,
  findLoginCandidate,
  findSiteAndSession,
  touchLastActive,
  SESSION_MAX_AGE_SECONDS,
  sessionIdOf,
} from '../session/index';
import { suspensionOf, suspendedLogin } from '../safety/index';
import * as repo from './repository';
import { newToken, queueMail, requireValid, type AccountContext, type AccountDeps } from './service';

/**
 * Sign-in links by e-mail: OWASP's answer to lock-out by strangers. Anyone who knows a member's address can lock his
 * untrusted devices with wrong passwords (session/service.ts); a device he used before still logs in (the device
 * cookie), and from any other device he asks for a link mailed to his address, which logs him in on that device
 * and leaves a device cookie there, whatever the attack.
 *
 * No enumeration: asking writes one row for any address (known or not, same status, body, cookies and statements);
 * the mail pass (`processLoginLinkRequests`, run by the mail outbox job) decides afterwards whether the address has an
 * active account and mails it. A link works once, for LOGIN_LINK_MINUTES. An address gets at most one link per
 * LOGIN_LINK_SPACING_MINUTES and an earlier link stays valid when a later one is sent, so a stranger asking for links
 * all the time sends the owner at most a few mails an hour and can never leave him without a working link.
 */
export const LOGIN_LINK_MINUTES = 15;
const LOGIN_LINK_SPACING_MINUTES = 5;

/** Records the request for a link; the answer is the same whether the address has an account or not. */
export async function requestLoginLink(deps: AccountDeps, ctx: AccountContext, rawEmail: string): Promise<void> {
  const email = rawEmail.trim();
  requireValid(checkEmail(email), 'email');
  await repo.insertLoginLinkRequest(deps.db, ctx.site.id, email, ctx.locale);
  deps.outbox.kick();
}

/**
 * Turns waiting requests into link mails (one transaction each: the request row goes with the token and the mail it
 * caused). Answers how many links were mailed.
 */
export async function processLoginLinkRequests(deps: AccountDeps): Promise<number> {
  let mailed = 0;
  for (;;) {
    const handled = await deps.db.transaction(async (tx) => {
      const request = await repo.claimLoginLinkRequest(tx);
      if (!request) return null;
      const found = await findSiteAndSession(tx, request.host, null);
      const account = await repo.findAccountByEmail(tx, request.site_id, request.email);
      if (!found || found.site.id !== request.site_id || !account || account.status !== 'active') return false;
      const age = await repo.lastTokenAgeSeconds(tx, account.id, 'login_link');
      if (age !== null && age < LOGIN_LINK_SPACING_MINUTES * 60) return false;
      const token = await newToken(tx, 'login_link', account.id);
      // In the language of the page he asked on, kept with the request.
      const requestLocale = isLocale(request.locale) ? request.locale : 'en';
      await queueMail(
        tx,
        deps,
        { site: found.site, locale: requestLocale },
        { kind: 'login_link', to: account.email, path: `/login-link?token=${token}` },
      );
      return true;
    });
    if (handled === null) return mailed;
    if (handled) mailed += 1;
  }
}

/**
 * Spends a link: a new session for its member on this device (an earlier session of the device ends), whatever the
 * login throttle says. Answers the member and the epoch his device cookie must carry.
 */
export async function loginWithLink(
  db: Db,
  q: { siteId: number; token: string; previousToken: string | undefined; sessionToken: string },
): Promise<{ userId: number; deviceEpoch: number; viewer: Viewer }> {
  const result = await db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'login_link', createHash('sha256').update(q.token).digest('hex'));
    if (!spent) return null;
    const account = await repo.findAccount(tx, spent.user_id);
    if (!account || account.status !== 'active') return null;
    const candidate = await findLoginCandidate(tx, q.siteId, account.email);
    if (candidate?.id !== spent.user_id) return null;
    // A suspended or banned member gets no session: the spent link answers as his password would (423).
    if (await suspensionOf(tx, spent.user_id)) return { suspended: true as const, userId: spent.user_id };
    if (q.previousToken && /^[0-9a-f]{32}$/.test(q.previousToken)) await deleteSession(tx, sessionIdOf(q.previousToken));
    await createSession(tx, sessionIdOf(q.sessionToken), spent.user_id, SESSION_MAX_AGE_SECONDS);
    await touchLastActive(tx, spent.user_id);
    return { suspended: false as const, userId: spent.user_id, deviceEpoch: candidate.device_epoch, language: account.language };
  });
  if (!result) throw new AppError(410, 'token_invalid');
  if (result.suspended) throw (await suspendedLogin(db, result.userId)) ?? new AppError(410, 'token_invalid');
  return {
    userId: result.userId,
    deviceEpoch: result.deviceEpoch,
    viewer: {
      userId: result.userId,
      sessionId: sessionIdOf(q.sessionToken),
      paidUser: false,
      language: isLocale(result.language) ? result.language : 'en',
    },
  };
}
