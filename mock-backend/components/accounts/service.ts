import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { checkEmail, checkNewPassword, MIN_AGE, PASSWORD_MIN_LENGTH, type FieldErrorCode } from '../../../src/shared/account-rules';
import { ACCOUNT_UNDO_DAYS } from '../../../src/shared/constants';
import type { Locale } from '../../../src/shared/locales';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { secondsToNextUtcDay } from '../../lib/utc-day';
import { AppError, authenticationRequired } from '../../lib/errors';
import { enqueueMail, type Outbox } from '../../lib/outbox';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { renderAccountMail, type MailKind } from './mail-texts';
import { activate as activateAccount } from './activation';
import * as repo from './repository';

/** How long a mailed link works, by purpose, in hours (a sign-in link: 15 minutes). */
const TOKEN_TTL_HOURS: Record<repo.TokenPurpose, number> = {
  activate: 72,
  reset_password: 2,
  mail_change: 24,
  reactivate: ACCOUNT_UNDO_DAYS * 24,
  login_link: 0.25,
};
/** The validity a mail of each kind mentions ({hours}; the sign-in link's {minutes}). */
const MAIL_HOURS: Record<MailKind, number> = {
  activate: TOKEN_TTL_HOURS.activate,
  reset_password: TOKEN_TTL_HOURS.reset_password,
  mail_change: TOKEN_TTL_HOURS.mail_change,
  account_deleted: TOKEN_TTL_HOURS.reactivate,
  signup_duplicate: TOKEN_TTL_HOURS.reset_password,
  mail_change_notice: TOKEN_TTL_HOURS.mail_change,
  login_link: TOKEN_TTL_HOURS.login_link,
};
/** Reset mails per address and day; counted for unknown addresses too, so the cap tells nothing. */
export const RESET_MAILS_PER_DAY = 3;
/** The activation mail can be sent again once a minute. */
const RESEND_MIN_SECONDS = 60;

export interface AccountDeps {
  db: Db;
  /** Mails are rows of the outbox, written in the transaction of their change; `kick()` after it commits. */
  outbox: Pick<Outbox, 'kick'>;
  logger: Logger;
  /** Absolute origin of the default site's links (PUBLIC_URL). */
  publicUrl: string;
}

/** The request facts a service needs: site, language, and the origin for links in mails. */
export interface AccountContext {
  site: Site;
  /** The language of the page the request came from (the BFF's Accept-Language): its mails are written in it. */
  locale: Locale;
  /** The network the request came from (lib/client.ts `networkOf`); a signup keeps it to link accounts made together. */
  network?: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function fieldError(code: FieldErrorCode, field: string): AppError {
  const params: Record<string, unknown> = { field };
  if (code === 'birth_date_required') params.min_age = MIN_AGE;
  if (code === 'password_too_short') params.min = PASSWORD_MIN_LENGTH;
  return new AppError(422, code, { params });
}

/** 422 naming the field whose rule is broken (shared by the use cases of this component). */
export function requireValid(code: FieldErrorCode | null, field: string): void {
  if (code) throw fieldError(code, field);
}

/** Origin of links for this site: PUBLIC_URL, with the site's own host for the non-default sites. */
async function linkOrigin(deps: AccountDeps, db: Db, site: Site): Promise<string> {
  if (await repo.isDefaultSite(db, site.id)) return deps.publicUrl;
  const url = new URL(deps.publicUrl);
  url.hostname = site.host;
  return url.origin;
}

/** A fresh mailed-link token (only its sha256 is stored); earlier unused ones of the purpose end. */
export async function newToken(db: Db, purpose: repo.TokenPurpose, userId: number, newEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await repo.insertToken(db, {
    tokenHash: hashToken(token),
    purpose,
    userId,
    ttlMinutes: Math.round(TOKEN_TTL_HOURS[purpose] * 60),
    // Sign-in links: an earlier one stays valid when another is sent (login-link.ts).
    keepEarlier: purpose === 'login_link',
    ...(newEmail ? { newEmail } : {}),
  });
  return token;
}

/**
 * Writes an account mail into the outbox inside `tx`, the transaction of the change it announces: the mail exists
 * exactly when the change does, and the mail job sends it (call `deps.outbox.kick()` once the transaction committed).
 * Every account mail follows something done on a page (a signup, a reset asked for, an address change, a deletion, a
 * sign-in link asked for), so it is written in the language of that page (`ctx.locale`), not in the account's saved
 * language: what the member read when he asked is what he reads in the mail.
 */
export async function queueMail(
  tx: Db,
  deps: AccountDeps,
  ctx: AccountContext,
  mail: { kind: MailKind; to: string; path: string },
): Promise<void> {
  const { kind } = mail;
  const origin = await linkOrigin(deps, tx, ctx.site);
  const rendered = renderAccountMail(kind, ctx.locale, {
    site: ctx.site.name,
    link: `${origin}${mail.path}`,
    hours: MAIL_HOURS[kind],
    minutes: Math.round(MAIL_HOURS[kind] * 60),
    days: ACCOUNT_UNDO_DAYS,
  });
  const fromName = ctx.site.mail_name || ctx.site.name;
  const fromAddress = ctx.site.support_email || `no-reply@${ctx.site.domain}`;
  await enqueueMail(tx, { topic: kind, to: mail.to, from: `"${fromName.replace(/"/g, '')}" <${fromAddress}>`, ...rendered });
}

/** Spends the activation token: the account becomes active and its waiting signup messages are delivered. */
export async function activate(deps: AccountDeps, token: string): Promise<void> {
  const done = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'activate', hashToken(token));
    if (!spent) return false;
    const activated = await activateAccount(tx, spent.user_id);
    if (!activated) return false;
    await repo.deliverSignupMessages(tx, spent.user_id, activated.site_id);
    return true;
  });
  if (!done) throw new AppError(410, 'activation_failed');
}

export async function resendActivation(deps: AccountDeps, ctx: AccountContext, viewer: Viewer | null): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const account = await repo.findAccount(deps.db, viewer.userId);
  if (!account) throw authenticationRequired();
  if (account.status !== 'not_confirmed') return;
  const age = await repo.lastTokenAgeSeconds(deps.db, viewer.userId, 'activate');
  if (age !== null && age < RESEND_MIN_SECONDS) {
    throw new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(RESEND_MIN_SECONDS - age) } });
  }
  await deps.db.transaction(async (tx) => {
    const token = await newToken(tx, 'activate', viewer.userId);
    await queueMail(tx, deps, ctx, {
      kind: 'activate',
      to: account.email,
      path: `/activate/done?token=${token}`,
    });
  });
  deps.outbox.kick();
}

/**
 * Mails a reset link when the address has an account; answers the same either way. The daily cap counts the
 * address, known or not, in one atomic upsert, so parallel requests cannot slip past it.
 */
export async function requestPasswordReset(deps: AccountDeps, ctx: AccountContext, rawEmail: string): Promise<void> {
  const email = rawEmail.trim();
  requireValid(checkEmail(email), 'email');
  await deps.db.transaction(async (tx) => {
    const count = await repo.countResetRequest(tx, ctx.site.id, email);
    // The count is per calendar day of the database (UTC): asked again tomorrow.
    if (count > RESET_MAILS_PER_DAY) throw new AppError(429, 'reset_limit', { headers: { 'Retry-After': String(secondsToNextUtcDay()) } });
    const account = await repo.findAccountByEmail(tx, ctx.site.id, email);
    if (!account || account.status === 'deleted') return;
    const token = await newToken(tx, 'reset_password', account.id);
    await queueMail(tx, deps, ctx, {
      kind: 'reset_password',
      to: account.email,
      path: `/reset-password/do?token=${token}`,
    });
  });
  deps.outbox.kick();
}

/** Whether a reset link still works (unused, not expired), without spending it: the page asks before showing its form. */
export async function checkResetToken(deps: AccountDeps, token: string): Promise<void> {
  if (!(await repo.isUsableToken(deps.db, 'reset_password', hashToken(token)))) throw new AppError(410, 'token_invalid');
}

/**
 * Sets the new password with a reset token; every session and every sign-in link of the member ends, the login locks
 * lift, pending e-mail changes are cancelled and device cookies issued before are no longer trusted.
 */
export async function resetPassword(
  deps: AccountDeps,
  ctx: AccountContext,
  input: { token: string; password: string; password_repeat: string },
): Promise<void> {
  requireValid(
    checkNewPassword(input.password, input.password_repeat),
    input.password.length < PASSWORD_MIN_LENGTH ? 'password' : 'password_repeat',
  );
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'reset_password', hashToken(input.token));
    if (!spent) return false;
    const account = await repo.findAccount(tx, spent.user_id);
    if (!account || account.status === 'deleted') return false;
    await repo.setPassword(tx, spent.user_id, passwordHash);
    // The link reached the inbox: that confirms the address as the activation link would.
    if (account.status === 'not_confirmed' && (await activateAccount(tx, spent.user_id))) {
      await repo.deliverSignupMessages(tx, spent.user_id, ctx.site.id);
    }
    await endCredentialsAfterPasswordChange(tx, spent.user_id);
    await repo.clearAccountThrottle(tx, ctx.site.id, spent.user_id, account.email);
    return true;
  });
  if (!ok) throw new AppError(410, 'token_invalid');
}

/**
 * What a new password ends: whoever knew the old one or read the mailbox before may have started any of these. Every
 * session but the one that changed it (a reset has none), the sign-in and reset links mailed before, and pending
 * e-mail changes. The links and tokens bound to the password elsewhere (a suspended member's statement token, a data
 * download link) end with the password's epoch, which setPassword raises.
 */
async function endCredentialsAfterPasswordChange(tx: Db, userId: number, keepSessionId?: string): Promise<void> {
  await repo.deleteSessions(tx, userId, keepSessionId);
  await repo.cancelTokens(tx, userId, 'login_link');
  await repo.cancelTokens(tx, userId, 'reset_password');
  await repo.cancelTokens(tx, userId, 'mail_change');
}

async function checkCurrentPassword(
  deps: AccountDeps,
  userId: number,
  password: string,
  code: 'old_password_wrong' | 'password_wrong',
  field: string,
) {
  const account = await repo.findAccount(deps.db, userId);
  if (!account) throw authenticationRequired();
  const ok = await verifyPassword(account.password_hash || (await dummyHash()), password);
  if (!ok) throw new AppError(422, code, { params: { field } });
  return account;
}

/**
 * Changes the password (old one checked); the member's other sessions, his sign-in links, reset links and pending
 * e-mail changes end, this session stays.
 */
export async function changePassword(
  deps: AccountDeps,
  viewer: Viewer | null,
  input: { old_password: string; password: string; password_repeat: string },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  await checkCurrentPassword(deps, viewer.userId, input.old_password, 'old_password_wrong', 'old_password');
  requireValid(
    checkNewPassword(input.password, input.password_repeat),
    input.password.length < PASSWORD_MIN_LENGTH ? 'password' : 'password_repeat',
  );
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, viewer.userId, passwordHash);
    await endCredentialsAfterPasswordChange(tx, viewer.userId, viewer.sessionId);
  });
}

/**
 * Mails a confirmation link to the new address (current password checked), and tells the current address that a
 * change was asked, with the way to stop it (a password reset cancels pending changes). Whether the new address
 * already has an account is only told at confirmation, to whoever reads that inbox.
 */
export async function requestMailChange(
  deps: AccountDeps,
  ctx: AccountContext,
  viewer: Viewer | null,
  input: { password: string; email: string },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const email = input.email.trim();
  if (checkEmail(email)) throw fieldError('new_email_invalid', 'email');
  const account = await checkCurrentPassword(deps, viewer.userId, input.password, 'password_wrong', 'password');
  if (account.shown_email.toLowerCase() === email.toLowerCase()) throw fieldError('new_email_invalid', 'email');
  await deps.db.transaction(async (tx) => {
    const token = await newToken(tx, 'mail_change', viewer.userId, email);
    await queueMail(tx, deps, ctx, { kind: 'mail_change', to: email, path: `/mail-change/do?token=${token}` });
    await queueMail(tx, deps, ctx, { kind: 'mail_change_notice', to: account.email, path: '/reset-password' });
  });
  deps.outbox.kick();
}

export async function confirmMailChange(deps: AccountDeps, ctx: AccountContext, token: string): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'mail_change', hashToken(token));
    if (!spent?.new_email) return 'invalid' as const;
    if (await repo.emailTaken(tx, ctx.site.id, spent.new_email, spent.user_id)) return 'taken' as const;
    await repo.setEmail(tx, spent.user_id, spent.new_email);
    return 'ok' as const;
  });
  if (result === 'invalid') throw new AppError(410, 'token_invalid');
  if (result === 'taken') throw new AppError(409, 'email_taken', { params: { field: 'email' } });
}

/**
 * Deletes the account: hidden from everyone at once (status deleted), every session ends, a reactivation link
 * valid for the undo window is mailed; the purge job removes the personal data afterwards.
 */
export async function deleteAccount(
  deps: AccountDeps,
  ctx: AccountContext,
  viewer: Viewer | null,
  input: { password: string; reasons: string[]; comment?: string | undefined },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const account = await checkCurrentPassword(deps, viewer.userId, input.password, 'password_wrong', 'password');
  await deps.db.transaction(async (tx) => {
    await repo.markDeleted(tx, viewer.userId, input.reasons, input.comment?.trim() ?? '');
    await repo.deleteSessions(tx, viewer.userId);
    const token = await newToken(tx, 'reactivate', viewer.userId);
    // This mail holds the only undo link: it commits with the deletion and is sent however long SMTP is down.
    await queueMail(tx, deps, ctx, {
      kind: 'account_deleted',
      to: account.email,
      path: `/account-deleted?token=${token}`,
    });
  });
  deps.outbox.kick();
  deps.logger.info({ userId: viewer.userId, reasons: input.reasons }, 'account deleted');
}

export async function reactivateAccount(deps: AccountDeps, token: string): Promise<void> {
  const ok = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'reactivate', hashToken(token));
    return spent ? repo.reactivate(tx, spent.user_id, ACCOUNT_UNDO_DAYS) : false;
  });
  if (!ok) throw new AppError(410, 'token_invalid');
}

const MAIL_KINDS = ['messages', 'likes', 'matches', 'news'] as const;
type MailKinds = Record<(typeof MAIL_KINDS)[number], boolean>;
type DisabledReason = 'spam' | 'bounce' | 'unsubscribe';

export async function notificationSettings(
  deps: AccountDeps,
  viewer: Viewer | null,
): Promise<{ mail: MailKinds; disabled: DisabledReason[] }> {
  if (!viewer) throw authenticationRequired();
  const row = await repo.readNotificationSettings(deps.db, viewer.userId);
  if (!row) throw authenticationRequired();
  const mail = Object.fromEntries(MAIL_KINDS.map((k) => [k, !row.mail_off.includes(k)])) as MailKinds;
  const disabled = row.notifications_disabled.filter((r): r is DisabledReason => r === 'spam' || r === 'bounce' || r === 'unsubscribe');
  return { mail, disabled };
}

/** Saves the kinds; switching any kind on is a fresh opt-in and lifts an earlier list-unsubscribe. */
export async function saveNotificationSettings(deps: AccountDeps, viewer: Viewer | null, mail: MailKinds) {
  if (!viewer) throw authenticationRequired();
  const off = MAIL_KINDS.filter((k) => !mail[k]);
  await repo.writeNotificationSettings(deps.db, viewer.userId, off, off.length < MAIL_KINDS.length);
  return notificationSettings(deps, viewer);
}
